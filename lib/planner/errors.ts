import type { RemainingIssue } from "./contract/contract";

export const PLANNER_ERROR_CODES = [
  "empty_draft",
  "too_large",
  "not_json",
  "invalid_after_repairs",
  "model_error",
  "aborted",
] as const;
export type PlannerErrorCode = (typeof PLANNER_ERROR_CODES)[number];

/**
 * Why the planner produced no routine. The message is written for the author (what happened, what to do);
 * `issues` lists what was still wrong after the last repair; `llmCode` is the model client's code for model_error.
 */
export class PlannerError extends Error {
  readonly code: PlannerErrorCode;
  readonly issues: RemainingIssue[];
  readonly llmCode?: string;
  constructor(code: PlannerErrorCode, message: string, options: { issues?: RemainingIssue[]; llmCode?: string } = {}) {
    super(message);
    this.name = "PlannerError";
    this.code = code;
    this.issues = options.issues ?? [];
    this.llmCode = options.llmCode;
  }
}

/** True for a PlannerError, also across module copies (server bundles can hold two). */
export function isPlannerError(error: unknown): error is PlannerError {
  return error instanceof PlannerError || (error instanceof Error && error.name === "PlannerError" && "code" in error);
}
