import { formatPath } from "../routine";
import { plannerOutputSchema, type PlannerOutput } from "./output-schema";

/** One thing wrong with an answer, located in it: "routine.steps[2].tool.name: …". */
export type AnswerProblem = { path: string; stepId?: string; message: string };

export type ParsedAnswer =
  | { ok: true; output: PlannerOutput }
  /** Not JSON at all (prose, several code blocks, cut off): there is nothing to repair. */
  | { ok: false; kind: "not_json"; detail: string }
  /** JSON, but not the planner's format: the problems go back to the model. */
  | { ok: false; kind: "schema"; problems: AnswerProblem[] };

const FENCE = /```(?:json|JSON)?[ \t]*\r?\n([\s\S]*?)\r?\n?```/g;

/** The JSON text of an answer: the answer itself, or the body of its only fenced code block. */
export function jsonText(content: string): string | undefined {
  const trimmed = content.trim();
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) return trimmed;
  const fences = [...trimmed.matchAll(FENCE)];
  return fences.length === 1 ? fences[0][1].trim() : undefined;
}

/**
 * Reads the model's answer: JSON.parse, then the planner output schema (zod). A single ```json fenced block is
 * unwrapped once, since some servers wrap JSON even when asked not to; anything else that is not JSON is
 * `not_json`. Schema problems are listed with their path in the answer, for the repair request.
 */
export function parsePlannerAnswer(content: string | null): ParsedAnswer {
  if (content === null || content.trim() === "") return { ok: false, kind: "not_json", detail: "the answer was empty" };
  const text = jsonText(content);
  if (text === undefined) return { ok: false, kind: "not_json", detail: "the answer is text, not JSON" };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, kind: "not_json", detail: "the answer is not valid JSON" };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return {
      ok: false,
      kind: "schema",
      problems: [{ path: "(answer)", message: 'Answer with one JSON object {"routine": {…}, "rationale": {…}}.' }],
    };
  }
  const parsed = plannerOutputSchema.safeParse(value);
  if (parsed.success) return { ok: true, output: parsed.data };
  return {
    ok: false,
    kind: "schema",
    problems: parsed.error.issues.map((issue) => {
      const path = issue.path.map((part) => (typeof part === "number" ? part : String(part)));
      return { path: formatPath(path), stepId: stepIdAt(value, path), message: issue.message };
    }),
  };
}

/** The id of the step a path points into (["routine", "steps", 2, …]), when the answer has one there. */
function stepIdAt(answer: unknown, path: ReadonlyArray<string | number>): string | undefined {
  if (path[0] !== "routine" || path[1] !== "steps" || typeof path[2] !== "number") return undefined;
  const steps = (answer as { routine?: { steps?: unknown } }).routine?.steps;
  const step: unknown = Array.isArray(steps) ? steps[path[2]] : undefined;
  const id = typeof step === "object" && step !== null ? (step as { id?: unknown }).id : undefined;
  return typeof id === "string" ? id : undefined;
}
