import "server-only";
import { randomUUID } from "node:crypto";
import { requireRole, RUN_CONTROL_ROLES, type Viewer } from "../../access";
import type { RunEventInput, RunStatus } from "../../events";
import type { Stage } from "../../routine";
import {
  currentStep,
  findStage,
  holdOn,
  indexRoutine,
  isFinishMark,
  planStageCancel,
  stageCancelProblem,
  stageEntryStep,
  type ExecutionPlan,
  type RoutineIndex,
} from "../engine";
import { ConflictError, NotFoundError, parseInput } from "../../db/core";
import {
  type ControlledRun,
  type ControlReads,
  type ControlWrite,
  REQUEUED_RUN,
  signalRunControl,
  writeControl,
} from "../store";
import { cancelWrites, pauseWrites, refuse, runFacts } from "./run-controls";
import { stageControlProblem, type StageFacts } from "./rules";
import { controlStageInput, type STAGE_ACTIONS } from "./run-inputs";
import { assertRunVisible } from "./run-visibility";

export type StageControlAction = (typeof STAGE_ACTIONS)[number];

/**
 * What a stage control did: paused the run (in the stage), asked its worker to pause after the step in flight, put
 * a hold on a stage the run has not reached, cancelled the stage (or asked the worker to), or queued it again.
 */
export type StageControlEffect = "paused" | "pause_requested" | "held" | "cancelled" | "cancel_requested" | "retried";

type WorkflowPlan = Extract<ExecutionPlan, { mode: "workflow" }>;
type StageControl = {
  run: ControlledRun;
  reads: ControlReads;
  viewer: Viewer;
  index: RoutineIndex;
  stage: Stage;
  plan: WorkflowPlan;
  reason?: string;
};
type Decided = { effect: StageControlEffect; writes: ControlWrite[] };

/**
 * Pauses, cancels or retries a stage of a workflow run (issue #18, decision 0032). Operators and admins;
 * NotFoundError for an unknown run or stage; ConflictError, with nothing written, for what cannot be done, in words
 * an operator acts on. Each writes a stage.intervention event (who, what, why) with its audit entry.
 * - pause: in the stage, the run's pause (after the step in flight when a worker executes it); not in it, a hold:
 *   the run pauses just before it next enters the stage, until resumed.
 * - cancel: the run must stand in the stage. Its current step and the stage's steps not yet run are skipped and
 *   the run goes on at the stage's one way out. A run at rest is changed at once and queued; a run a worker
 *   executes gets a request (control "cancel-stage") that stops the step in flight, and the engine skips the stage.
 * - retry: a run not queued or running, whose stage has run: the stage runs again from the step the run last
 *   entered it by (a new execution of each step), and the run on from there.
 */
export async function controlStage(
  viewer: Viewer | null,
  input: { runId: string; stageId: string; action: StageControlAction; reason?: string },
): Promise<{ status: RunStatus; effect: StageControlEffect }> {
  requireRole(viewer, ...RUN_CONTROL_ROLES);
  const { runId, stageId, action, reason } = parseInput(controlStageInput, input);
  await assertRunVisible(viewer, runId);
  let effect = "paused" as StageControlEffect;
  const status = await writeControl(viewer, runId, (run, reads) => {
    const index = indexRoutine(run.snapshot.routine);
    const stage = findStage(index, stageId);
    if (!stage) throw new NotFoundError("That stage is not part of this run's routine.");
    const plan = run.snapshot.execution;
    if (plan.mode !== "workflow")
      throw new ConflictError("Stages are controlled in workflow runs only; in this run the executor model drives.");
    const decided = DECIDE[action]({ run, reads, viewer, index, stage, plan, reason });
    effect = decided.effect;
    return decided.writes;
  });
  if (effect === "pause_requested") signalRunControl(runId, "pause");
  return { status, effect };
}

const stageEvent = (control: StageControl, action: "paused" | "held" | "cancelled" | "retried", requested = false) =>
  ({
    type: "stage.intervention",
    data: {
      stageId: control.stage.id,
      by: control.viewer.name,
      action,
      ...(control.reason ? { reason: control.reason } : {}),
      ...(requested ? { requested } : {}),
    },
  }) satisfies RunEventInput;

const status = (run: ControlledRun, reason: string, to = run.snapshot.status): RunEventInput => ({
  type: "run.status",
  data: { status: to, reason },
});

const because = (reason?: string) => (reason ? ` (${reason})` : "");

/** What the rules (./rules) read of the stage: where the run stands to it, its hold, the engine's cancel check. */
function stageFacts({ run, index, stage, plan }: StageControl): StageFacts {
  const position =
    currentStep(run.snapshot, index)?.step.stageId === stage.id
      ? "in"
      : run.snapshot.steps.some((step) => !isFinishMark(step) && index.step(step.stepId)?.stageId === stage.id)
        ? "passed"
        : "ahead";
  return {
    name: stage.name,
    position,
    held: Boolean(holdOn(plan, stage.id)),
    cancelProblem: stageCancelProblem(run.snapshot, index, stage.id),
  };
}

const refuseStage = (action: StageControlAction, control: StageControl) =>
  refuse(stageControlProblem(action, runFacts(control.run), stageFacts(control)));

/** The plan without a hold on the stage: a cancel or a retry of the stage settles what the hold waited for. */
const withoutHold = (plan: WorkflowPlan, stageId: string): WorkflowPlan =>
  holdOn(plan, stageId) ? { ...plan, stageHolds: plan.stageHolds!.filter((hold) => hold.stageId !== stageId) } : plan;

const DECIDE: Record<StageControlAction, (control: StageControl) => Decided> = {
  pause(control) {
    const { run, stage, index, viewer, plan } = control;
    refuseStage("pause", control);
    const audit = { stageId: stage.id, ...(control.reason ? { reason: control.reason } : {}) };
    if (currentStep(run.snapshot, index)?.step.stageId === stage.id) {
      const [write] = pauseWrites(run, viewer);
      return {
        effect: run.executing ? "pause_requested" : "paused",
        writes: [
          {
            ...write,
            events: [stageEvent(control, "paused", run.executing), ...write.events],
            audit: { action: "run.stage_paused", detail: { ...write.audit.detail, ...audit } },
          },
        ],
      };
    }
    const hold = { stageId: stage.id, by: viewer.name, ...(control.reason ? { reason: control.reason } : {}) };
    return {
      effect: "held",
      writes: [
        {
          change: { run: { execution: { ...plan, stageHolds: [...(plan.stageHolds ?? []), hold] } } },
          events: [
            stageEvent(control, "held"),
            status(run, `${viewer.name} holds stage "${stage.name}": the run pauses before it enters it.`),
          ],
          audit: { action: "run.stage_paused", detail: { ...audit, hold: true } },
        },
      ],
    };
  },

  cancel(control) {
    const { run, stage, index, viewer, plan, reason } = control;
    refuseStage("cancel", control);
    const audit = { stageId: stage.id, ...(reason ? { reason } : {}) };
    if (run.executing) {
      const request = { id: randomUUID(), stageId: stage.id, by: viewer.name, ...(reason ? { reason } : {}) };
      return {
        effect: "cancel_requested",
        writes: [
          {
            change: {
              run: { control: "cancel-stage", execution: { ...withoutHold(plan, stage.id), stageCancel: request } },
            },
            events: [
              stageEvent(control, "cancelled", true),
              status(
                run,
                `${viewer.name} cancels stage "${stage.name}"${because(reason)}; the step in flight is stopped.`,
              ),
            ],
            audit: { action: "run.stage_cancelled", detail: { ...audit, requested: true } },
          },
        ],
      };
    }
    const planned = planStageCancel(run.snapshot, index, { stageId: stage.id, by: viewer.name, reason }, run.now, () =>
      randomUUID(),
    );
    if (!planned.ok) throw new ConflictError(planned.problem);
    const where = planned.exit
      ? `the run goes on at "${planned.exit.name}"`
      : "nothing follows it, so the run finishes";
    return {
      effect: "cancelled",
      writes: [
        {
          change: {
            run: { ...REQUEUED_RUN, execution: withoutHold(plan, stage.id) },
            steps: planned.steps,
          },
          events: [
            stageEvent(control, "cancelled"),
            ...planned.events,
            status(run, `${viewer.name} cancelled stage "${stage.name}"${because(reason)}: ${where}.`, "queued"),
          ],
          audit: { action: "run.stage_cancelled", detail: { ...audit, from: run.snapshot.status } },
        },
        ...cancelChildrenOf(control, planned.closed ? [planned.closed.id] : []),
      ],
    };
  },

  retry(control) {
    const { run, stage, index, viewer, plan, reason } = control;
    const { snapshot } = run;
    refuseStage("retry", control);
    const entry = stageEntryStep(snapshot, index, stage.id);
    if (!entry) throw new ConflictError(`Stage "${stage.name}" has not run yet; there is nothing to retry.`);
    const iteration =
      Math.max(0, ...snapshot.steps.filter((step) => step.stepId === entry.id).map((step) => step.iteration)) + 1;
    const open = snapshot.steps.filter((step) => ["waiting", "pending", "running"].includes(step.state));
    return {
      effect: "retried",
      writes: [
        {
          change: {
            run: { ...REQUEUED_RUN, execution: withoutHold(plan, stage.id) },
            steps: [
              ...open.map((step) => ({
                id: step.id,
                stepId: step.stepId,
                iteration: step.iteration,
                state: "cancelled" as const,
                finishedAt: run.now,
              })),
              { id: randomUUID(), stepId: entry.id, iteration, state: "pending" as const, attempt: 0 },
            ],
          },
          events: [
            ...open.map((step) => ({
              type: "step.cancelled" as const,
              data: { stepRunId: step.id, stepId: step.stepId, iteration: step.iteration },
            })),
            stageEvent(control, "retried"),
            status(
              run,
              `${viewer.name} retries stage "${stage.name}"${because(reason)} from "${entry.name}".`,
              "queued",
            ),
          ],
          audit: {
            action: "run.stage_retried",
            detail: { stageId: stage.id, fromStepId: entry.id, from: snapshot.status, ...(reason ? { reason } : {}) },
          },
        },
        ...cancelChildrenOf(
          control,
          open.map((step) => step.id),
        ),
      ],
    };
  },
};

/**
 * Cancels the unfinished sub-routine runs the given step runs started (a skipped or cancelled sub-routine step no
 * longer waits for its child), each with its own event and audit entry; a child already being cancelled is left.
 */
export function cancelChildrenOf(
  control: Pick<StageControl, "run" | "reads" | "viewer">,
  stepRunIds: readonly string[],
): ControlWrite[] {
  const ids = new Set(stepRunIds);
  return control.reads.openChildren(control.run.snapshot.id).flatMap((childId) => {
    const child = control.reads.load(childId);
    if (!child?.snapshot.parentStepRunId || !ids.has(child.snapshot.parentStepRunId)) return [];
    // A child a worker is already cancelling (or skipping a stage of) gets no second request.
    if (child.executing && (child.snapshot.control === "cancel" || child.snapshot.control === "cancel-stage"))
      return [];
    return cancelWrites(child, control.viewer, control.reads);
  });
}
