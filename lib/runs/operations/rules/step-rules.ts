import type { RunStatus, StepState } from "../../../events";
import { hasCapability, kindOf, kindsWith, type StepKind } from "../../../routine";
import { WORKER_BUSY, type RunFacts } from "./run-control-rules";

/** How the run executes: only a workflow run walks the routine's graph, so only there may a step be skipped. */
export type RunMode = "workflow" | "agent" | "planned";

/**
 * What the rules read of one step run. `latest` (whether it is the run's last step run: the one the run stands or
 * failed at) only the server knows; the view leaves it out. `kind` is missing for a step the routine does not have.
 */
export type StepFacts = {
  kind?: StepKind;
  name: string;
  state: StepState;
  latest?: boolean;
  /**
   * What a waiting step waits for; null for nothing known. The view knows it; the server leaves it out, as the
   * engine's decision checks it there.
   */
  waitingFor?: "person" | "subroutine" | null;
};

const SKIPPABLE_RUNS: readonly RunStatus[] = ["failed", "paused", "waiting"];
const SKIPPABLE_STEPS: readonly StepState[] = ["failed", "waiting", "pending"];
const RAN: readonly StepState[] = ["succeeded", "failed", "cancelled"];

/** Why the operator may not try the step again now; null when they may (a failed run, at the step it failed at). */
export function retryStepProblem(run: Pick<RunFacts, "status">, step: StepFacts): string | null {
  if (run.status !== "failed") return "Only a failed run can retry a step.";
  if (step.state !== "failed" || step.latest === false) return "Only the step the run failed at can be retried.";
  return null;
}

/**
 * Why the operator may not skip the step now; null when they may: a workflow run at rest (failed, paused or
 * waiting), at this step (failed, waiting or not started), of a kind the run knows where to go on after.
 */
export function skipStepProblem(run: RunFacts & { mode: RunMode }, step: StepFacts): string | null {
  if (run.mode !== "workflow") return "Steps are skipped in workflow runs only; in this run the executor model drives.";
  if (!SKIPPABLE_RUNS.includes(run.status))
    return run.status === "queued" || run.status === "running"
      ? "Pause the run before skipping a step."
      : "Only a step of a failed, paused or waiting run can be skipped.";
  if (run.executing) return WORKER_BUSY;
  if (step.latest === false || !SKIPPABLE_STEPS.includes(step.state))
    return "Only the step the run stands at (failed, waiting or not started yet) can be skipped.";
  if (step.kind && !hasCapability(step.kind, "skippable")) return unskippable(step.kind, step.name);
  return null;
}

/** Why a kind's steps cannot be skipped, in the words of what the run would lack. */
function unskippable(kind: StepKind, name: string): string {
  if (hasCapability(kind, "choosesWay"))
    return `"${name}" is a branch: skipped, the run would not know which way to go on. Retry it, or cancel the run.`;
  if (hasCapability(kind, "endsRun")) return `"${name}" ends the run; there is nothing after it to go on to.`;
  return `"${name}" cannot be skipped.`;
}

/**
 * Why the operator may not edit the step's input and re-run the run from it; null when they may: a run not queued
 * or running, a step of a kind that takes an editable input, that has run.
 */
export function rerunStepProblem(run: Pick<RunFacts, "status">, step: StepFacts): string | null {
  if (run.status === "queued" || run.status === "running") return "Pause the run before re-running a step.";
  if (!step.kind || !hasCapability(step.kind, "rerunnable"))
    return `Only a ${rerunnableKinds()} step can be re-run with an edited input.`;
  if (!RAN.includes(step.state)) return "Only a step that has run can be re-run.";
  return null;
}

/** The kinds an operator may re-run, as a sentence reads them: "tool or skill". */
function rerunnableKinds(): string {
  const names = kindsWith("rerunnable").map((kind) => kindOf(kind).label.toLowerCase());
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} or ${names.at(-1)}` : (names[0] ?? "");
}

/** Why the operator may not decide the step (approve, reject, fill its form) now; null when they may. */
export function decideStepProblem(run: Pick<RunFacts, "status">, step: StepFacts): string | null {
  if (run.status === "paused") return "This run is paused; resume it before deciding its steps.";
  const forSomethingElse = step.waitingFor !== undefined && step.waitingFor !== "person";
  if (run.status !== "waiting" || step.state !== "waiting" || forSomethingElse)
    return "This step is not waiting for a decision (any more).";
  return null;
}
