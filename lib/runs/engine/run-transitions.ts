import type { RunEventInput, RunStatus } from "../../events";
import { hasCapability, type JsonValue, type Step } from "../../routine";
import type { BudgetExceededError } from "./budgets";
import type { RunChange, RunSnapshot, StepRunSnapshot } from "./ports";
import { progressEvent, progressItems } from "./progress";
import type { RoutineIndex } from "./routine-graph";
import { stepRef, type RunWriter } from "./run-writer";

/**
 * How run-level transitions reach the store: the writer and the time; for stage controls (workflow runs), the run
 * as stored now (`reload`: operators' holds and stage cancel requests the engine's snapshot does not see) and
 * execute()'s signal (a cancel handed over in process is the run's own, never a stage's).
 */
export type TransitionContext = {
  writer: RunWriter;
  index: RoutineIndex;
  now: () => number;
  reload?: () => Promise<RunSnapshot | null>;
  signal?: AbortSignal;
};

const usage = (snapshot: RunSnapshot) => ({ inputTokens: snapshot.inputTokens, outputTokens: snapshot.outputTokens });
const elapsed = (snapshot: RunSnapshot, now: number) => Math.max(0, now - (snapshot.startedAt?.getTime() ?? now));

/** The step run that is in flight or waiting, if any: what a cancel or a failure of the run closes. */
export function openStepRun(snapshot: RunSnapshot): StepRunSnapshot | undefined {
  return snapshot.steps.find((run) => run.state === "running" || run.state === "waiting" || run.state === "pending");
}

/** Ends the run as failed, closing `stepRun` (if still open) as failed with the same reason. */
export async function failRun(
  ctx: TransitionContext,
  error: string,
  stepRun?: StepRunSnapshot,
  extra: RunEventInput[] = [],
  input?: JsonValue,
): Promise<RunStatus> {
  const { writer } = ctx;
  const now = ctx.now();
  const at = new Date(now);
  const change: RunChange = { run: { status: "failed", error, finishedAt: at, control: null } };
  const events: RunEventInput[] = [];
  if (stepRun && stepRun.state !== "failed") {
    change.steps = [
      { ...ref(stepRun), state: "failed", error, finishedAt: at, ...(input !== undefined ? { input } : {}) },
    ];
    events.push({ type: "step.failed", data: { ...stepRef(stepRun), error, durationMs: durationOf(stepRun, now) } });
  }
  events.push(...extra, {
    type: "run.finished",
    data: { status: "failed", error, durationMs: elapsed(writer.snapshot, now), ...usage(writer.snapshot) },
  });
  await writer.commit(change, events);
  return "failed";
}

export function budgetExceeded(
  ctx: TransitionContext,
  exceeded: BudgetExceededError,
  stepRun?: StepRunSnapshot,
): Promise<RunStatus> {
  return failRun(ctx, exceeded.message, stepRun, [
    { type: "run.budget_exceeded", data: { budget: exceeded.budget, limit: exceeded.limit, used: exceeded.used } },
  ]);
}

/** Cancels the run and the step in flight or waiting. */
export async function cancelRun(
  ctx: TransitionContext,
  stepRun = openStepRun(ctx.writer.snapshot),
): Promise<RunStatus> {
  const { writer } = ctx;
  const now = ctx.now();
  const change: RunChange = { run: { status: "cancelled", finishedAt: new Date(now), control: null } };
  const events: RunEventInput[] = [];
  if (stepRun && (stepRun.state === "running" || stepRun.state === "waiting" || stepRun.state === "pending")) {
    change.steps = [{ ...ref(stepRun), state: "cancelled", finishedAt: new Date(now) }];
    events.push({ type: "step.cancelled", data: stepRef(stepRun) });
  }
  events.push({
    type: "run.finished",
    data: { status: "cancelled", durationMs: elapsed(writer.snapshot, now), ...usage(writer.snapshot) },
  });
  await writer.commit(change, events);
  return "cancelled";
}

export async function pauseRun(ctx: TransitionContext): Promise<RunStatus> {
  await ctx.writer.commit({ run: { status: "paused", control: null } }, [
    { type: "run.status", data: { status: "paused", reason: "Paused by an operator." } },
  ]);
  return "paused";
}

/** Marks the run waiting (it may be `queued` after a wake-up that came too early). */
export async function markWaiting(ctx: TransitionContext, reason: string): Promise<RunStatus> {
  if (ctx.writer.snapshot.status !== "waiting")
    await ctx.writer.commit({ run: { status: "waiting" } }, [
      { type: "run.status", data: { status: "waiting", reason } },
    ]);
  return "waiting";
}

/**
 * Finishes the run as succeeded: the end step run (if any) succeeds, every step never reached is marked skipped,
 * and the run's outputs are the last outputs produced (plus the end step's outcome), in one commit.
 */
export async function finishRun(
  ctx: TransitionContext,
  endStep: Step | null,
  endRun?: StepRunSnapshot,
): Promise<RunStatus> {
  const { writer, index } = ctx;
  const snapshot = writer.snapshot;
  const now = ctx.now();
  const at = new Date(now);
  const outputs = finalOutputs(snapshot, index, endStep);
  const change: RunChange = {
    run: { status: "succeeded", outputs, finishedAt: at, error: null, control: null },
    steps: [],
  };
  const events: RunEventInput[] = [];
  if (endRun && endRun.state !== "succeeded") {
    change.steps!.push({ ...ref(endRun), state: "succeeded", output: null, finishedAt: at });
    events.push({ type: "step.succeeded", data: { ...stepRef(endRun), durationMs: durationOf(endRun, now) } });
  }
  const reached = new Set(snapshot.steps.map((run) => run.stepId));
  for (const step of index.routine.steps) {
    if (reached.has(step.id)) continue;
    reached.add(step.id);
    change.steps!.push({ id: `${snapshot.id}.skip.${step.id}`, stepId: step.id, iteration: 1, state: "skipped" });
    events.push({ type: "step.skipped", data: { stepId: step.id, reason: "Not on the path this run took." } });
  }
  const afterwards = {
    ...snapshot,
    steps: [...snapshot.steps.map((run) => (run.id === endRun?.id ? { ...run, state: "succeeded" as const } : run))],
  };
  events.push(progressEvent(progressItems(index.routine, afterwards, null)));
  events.push({
    type: "run.finished",
    data: { status: "succeeded", outputs, durationMs: elapsed(snapshot, now), ...usage(snapshot) },
  });
  await writer.commit(change, events);
  return "succeeded";
}

/** The outputs of the newest step run that produced any (branch choices aside), and the end step's outcome. */
export function finalOutputs(
  snapshot: RunSnapshot,
  index: RoutineIndex,
  endStep: Step | null,
): Record<string, JsonValue> {
  let outputs: Record<string, JsonValue> = {};
  for (let at = snapshot.steps.length - 1; at >= 0; at--) {
    const run = snapshot.steps[at];
    const step = index.step(run.stepId);
    if (run.state !== "succeeded" || (step && !hasCapability(step, "recordsOutputs"))) continue;
    if (run.output && typeof run.output === "object" && !Array.isArray(run.output)) {
      outputs = { ...run.output };
      break;
    }
  }
  if (endStep && "outcome" in endStep && endStep.outcome) outputs.outcome = endStep.outcome;
  return outputs;
}

function ref(run: StepRunSnapshot) {
  return { id: run.id, stepId: run.stepId, iteration: run.iteration };
}

export function durationOf(run: StepRunSnapshot, now: number): number {
  return Math.max(0, now - (run.startedAt?.getTime() ?? now));
}
