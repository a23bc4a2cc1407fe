import type { RunEventInput, RunStatus } from "../../events";
import type { Step } from "../../routine";
import type { RunChange, RunSnapshot, StepRunSnapshot } from "./ports";
import { nextIteration } from "./position";
import type { RoutineIndex } from "./routine-graph";
import { cancelRun, type TransitionContext } from "./run-transitions";
import { currentStep, findStage, passStart, stageExits, stageSteps } from "./stage-graph";
import type { StageCancelRequest } from "./stage-requests";
import { isFinishMark, operatorSkipOf, operatorSkipOutput } from "./stage-skips";
import { outerIntent } from "./step-guard";

/** Who cancels which stage, and why; `request` when the engine applies an operator's stored request. */
export type StageCancel = { stageId: string; by: string; reason?: string; request?: string };

/** The step runs a stage cancel writes (all skipped, each with its event), and where the run goes on. */
export type StageCancelPlan =
  | {
      ok: true;
      steps: NonNullable<RunChange["steps"]>;
      events: RunEventInput[];
      /** The stage's exit, where the run goes on; null when the stage has no way out (the run is then done). */
      exit: Step | null;
      /** The step run the run stood at, now skipped (a waiting sub-routine of it is the caller's to cancel). */
      closed: StepRunSnapshot | null;
    }
  | { ok: false; problem: string };

/** Why the stage cannot be cancelled now, in words for an operator; null when it can. */
export function stageCancelProblem(snapshot: RunSnapshot, index: RoutineIndex, stageId: string): string | null {
  const stage = findStage(index, stageId);
  const name = stage?.name ?? stageId;
  if (!stage) return `Stage "${stageId}" is not in this version of the routine.`;
  const exits = stageExits(index, stageId);
  if (exits.length > 1)
    return `Stage "${name}" has several ways out (${exits.map((step) => `"${step.name}"`).join(", ")}): the run would not know where to go on. Skip its steps one by one, or cancel the run.`;
  if (currentStep(snapshot, index)?.step.stageId === stageId) return null;
  const ran = snapshot.steps.some((run) => !isFinishMark(run) && index.step(run.stepId)?.stageId === stageId);
  return ran
    ? `The run is no longer in stage "${name}".`
    : `The run has not reached stage "${name}"; pause it there first.`;
}

/**
 * What cancelling a stage writes (pure; the server writes it for a run at rest, the engine for a run it executes):
 * the step run the run stands at and every step of the stage not yet run in the current pass become skipped,
 * each with an operator's skip whose `resumeAt` is the stage's exit, so the run goes on there.
 * `newId(n)` names the n-th new step run.
 */
export function planStageCancel(
  snapshot: RunSnapshot,
  index: RoutineIndex,
  cancel: StageCancel,
  now: Date,
  newId: (n: number) => string,
): StageCancelPlan {
  const problem = stageCancelProblem(snapshot, index, cancel.stageId);
  if (problem) return { ok: false, problem };
  const stage = findStage(index, cancel.stageId)!;
  const exit = stageExits(index, cancel.stageId)[0] ?? null;
  const reason = `Stage "${stage.name}" cancelled by ${cancel.by}${cancel.reason ? `: ${cancel.reason}` : "."}`;
  const output = operatorSkipOutput({
    by: cancel.by,
    reason,
    stageId: cancel.stageId,
    resumeAt: exit?.id ?? null,
    ...(cancel.request ? { request: cancel.request } : {}),
  });
  const current = currentStep(snapshot, index)!;
  const open = current.stepRun && !operatorSkipOf(current.stepRun) ? current.stepRun : null;
  const steps: NonNullable<RunChange["steps"]> = [];
  const events: RunEventInput[] = [];
  const skip = (stepId: string) => events.push({ type: "step.skipped", data: { stepId, reason } });
  if (open) {
    steps.push({
      id: open.id,
      stepId: open.stepId,
      iteration: open.iteration,
      state: "skipped",
      output,
      finishedAt: now,
    });
    skip(open.stepId);
  }
  const ran = new Set(
    snapshot.steps
      .slice(passStart(snapshot, index, cancel.stageId))
      .filter((run) => !isFinishMark(run))
      .map((run) => run.stepId),
  );
  if (open) ran.add(open.stepId);
  let made = 0;
  for (const step of stageSteps(index, cancel.stageId)) {
    if (ran.has(step.id)) continue;
    const iteration = nextIteration(snapshot, step.id);
    steps.push({
      id: newId(++made),
      stepId: step.id,
      iteration,
      state: "skipped",
      attempt: 0,
      output,
      finishedAt: now,
    });
    skip(step.id);
  }
  return { ok: true, steps, events, exit, closed: open };
}

/**
 * The engine's answer to a cancel (a stopped step, or a request seen between steps): a stage cancel request stored
 * on the run (control "cancel-stage") skips the stage and the run goes on at its exit (null: keep going); any other
 * cancel (control "cancel", or handed over in process) cancels the run. While the request stands the server
 * refuses every other control of the run, so clearing it here cannot drop an operator's later request.
 */
export async function honourCancel(ctx: TransitionContext, stepRun?: StepRunSnapshot): Promise<RunStatus | null> {
  const stored = await storedStageCancel(ctx);
  if (stored === "run") return cancelRun(ctx, stepRun);
  const { writer, index } = ctx;
  const snapshot = writer.snapshot;
  const noted = (reason: string): RunEventInput => ({ type: "run.status", data: { status: snapshot.status, reason } });
  if (stored === "unreadable") {
    await writer.commit({ run: { control: null } }, [
      noted("A stage cancel was asked for, but its request is unreadable: nothing was skipped."),
    ]);
    return null;
  }
  const request = stored;
  const first = snapshot.steps.length + 1;
  const plan = planStageCancel(
    snapshot,
    index,
    { stageId: request.stageId, by: request.by, reason: request.reason, request: request.id },
    new Date(ctx.now()),
    (n) => `${snapshot.id}.${String(first + n - 1).padStart(5, "0")}`,
  );
  const name = findStage(index, request.stageId)?.name ?? request.stageId;
  if (!plan.ok) {
    // The run left the stage before the request reached it: nothing to skip, and the run goes on.
    await writer.commit({ run: { control: null } }, [noted(`Stage "${name}" was not cancelled: ${plan.problem}`)]);
    return null;
  }
  const where = plan.exit ? `the run goes on at "${plan.exit.name}"` : "nothing follows it";
  await writer.commit({ run: { control: null }, steps: plan.steps }, [
    ...plan.events,
    noted(`Stage "${name}" cancelled by ${request.by}: ${where}.`),
  ]);
  return null;
}

/** What the cancel is: the run's own, or the stage cancel request the stored control stands for. */
async function storedStageCancel(ctx: TransitionContext): Promise<StageCancelRequest | "run" | "unreadable"> {
  if (!ctx.reload || (ctx.signal && outerIntent(ctx.signal) === "cancel")) return "run";
  const stored = await ctx.reload();
  if (stored?.control !== "cancel-stage") return "run";
  return (stored.execution.mode === "workflow" && stored.execution.stageCancel) || "unreadable";
}
