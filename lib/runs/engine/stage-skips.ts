import type { JsonValue } from "../../routine";
import type { StepRunSnapshot } from "./ports";

/**
 * An operator's skip (issue #18, decision 0032), kept as the skipped step run's output `{ skipped: OperatorSkip }`.
 * Unlike the marks finishRun writes for the steps a run never reached (state skipped, no output), an operator's skip
 * counts for the run's position: the step is done and the run goes on after it, or at `resumeAt` when a stage was
 * cancelled (its exit; null when the stage has no way out, and the run is then done). `request` names the stage
 * cancel request the engine applied, so the same request is never applied twice.
 */
export type OperatorSkip = {
  by: string;
  reason: string;
  stageId?: string;
  resumeAt?: string | null;
  request?: string;
};

/** The output an operator-skipped step run keeps. */
export function operatorSkipOutput(skip: OperatorSkip): JsonValue {
  const fields = Object.entries(skip).filter(([, value]) => value !== undefined);
  return { skipped: Object.fromEntries(fields) as Record<string, JsonValue> };
}

/** The operator's skip a step run records, or null for any other step run (a finish-time mark included). */
export function operatorSkipOf(run: Pick<StepRunSnapshot, "state" | "output">): OperatorSkip | null {
  if (run.state !== "skipped" || !run.output || typeof run.output !== "object" || Array.isArray(run.output))
    return null;
  const skip = run.output.skipped;
  if (!skip || typeof skip !== "object" || Array.isArray(skip)) return null;
  if (typeof skip.by !== "string" || typeof skip.reason !== "string") return null;
  return skip as unknown as OperatorSkip;
}

/** A skip mark finishRun (or an agent's finish) wrote for a step the run never reached: not part of its path. */
export function isFinishMark(run: Pick<StepRunSnapshot, "state" | "output">): boolean {
  return run.state === "skipped" && operatorSkipOf(run) === null;
}
