import "server-only";
import { randomUUID } from "node:crypto";
import { requireRole, RUN_CONTROL_ROLES, type Viewer } from "../../access";
import type { RunEventInput, RunStatus } from "../../events";
import type { JsonValue } from "../../routine";
import {
  lastStepRun,
  OperatorDecisionError,
  operatorDecision,
  operatorSkipOutput,
  type OperatorDecision,
  type StepRunSnapshot,
} from "../../runner";
import { ConflictError, NotFoundError, parseInput, ValidationError } from "../core";
import {
  type ControlledRun,
  createRegistryToolPort,
  loadRunSnapshot,
  REQUEUED_RUN,
  writeControl,
} from "../../run-service";
import { checkParamValues } from "./run-input-values";
import { decideInput, rerunInput, retryStepInput, skipStepInput } from "./run-inputs";
import { cancelChildrenOf, WORKER_BUSY } from "./run-stage-controls";
import { assertRunVisible } from "./run-visibility";

export type InterventionOutcome = { status: RunStatus; stepRunId: string };

const ref = (run: StepRunSnapshot) => ({ stepRunId: run.id, stepId: run.stepId, iteration: run.iteration });

function stepRunOf(run: ControlledRun, stepRunId: string): StepRunSnapshot {
  const stepRun = run.snapshot.steps.find((candidate) => candidate.id === stepRunId);
  if (!stepRun) throw new NotFoundError("That step run is not part of this run.");
  return stepRun;
}

const stepName = (run: ControlledRun, stepId: string) =>
  run.snapshot.routine.steps.find((step) => step.id === stepId)?.name ?? stepId;

/**
 * Tries the step a run failed at again, with the same step run (so the same idempotency key: a tool that ran its
 * side effect before failing does not run it twice). Operators and admins; the optional `reason` goes into the
 * event and the audit entry. The run goes back to `queued` and the worker is woken. ConflictError unless the run
 * failed and this is the step it failed at.
 */
export async function retryStep(
  viewer: Viewer | null,
  input: { runId: string; stepRunId: string; reason?: string },
): Promise<InterventionOutcome> {
  requireRole(viewer, ...RUN_CONTROL_ROLES);
  const { runId, stepRunId, reason } = parseInput(retryStepInput, input);
  await assertRunVisible(viewer, runId);
  const status = await writeControl(viewer, runId, (run) => {
    const stepRun = stepRunOf(run, stepRunId);
    if (run.snapshot.status !== "failed") throw new ConflictError("Only a failed run can retry a step.");
    if (stepRun.state !== "failed" || lastStepRun(run.snapshot)?.id !== stepRun.id)
      throw new ConflictError("Only the step the run failed at can be retried.");
    const name = stepName(run, stepRun.stepId);
    const why = reason ? `: ${reason}` : ".";
    return [
      {
        change: {
          run: REQUEUED_RUN,
          steps: [
            {
              id: stepRun.id,
              stepId: stepRun.stepId,
              iteration: stepRun.iteration,
              state: "pending",
              error: null,
              finishedAt: null,
            },
          ],
        },
        events: [
          {
            type: "step.intervention",
            data: { ...ref(stepRun), by: viewer.name, action: "retried", ...(reason ? { reason } : {}) },
          },
          { type: "run.status", data: { status: "queued", reason: `${viewer.name} retried "${name}"${why}` } },
        ],
        audit: {
          action: "run.step_retried",
          detail: { stepRunId, stepId: stepRun.stepId, ...(reason ? { reason } : {}) },
        },
      },
    ];
  });
  return { status, stepRunId };
}

const SKIPPABLE_RUNS = ["failed", "paused", "waiting"];
const SKIPPABLE_STEPS = ["failed", "waiting", "pending"];

/**
 * Skips the step a failed, paused or waiting workflow run stands at (failed, waiting or not yet started), with the
 * operator's reason: the step run becomes skipped with an operator's skip mark (decision 0032), the run goes back to
 * `queued`, and the engine carries on with the step after it; a sub-routine the step waits for is cancelled. A
 * later step that binds the skipped step's output fails, saying so. Operators and admins. ConflictError for a branch
 * (the run would not know which way to go), an end step, or any other step or run state.
 */
export async function skipStep(
  viewer: Viewer | null,
  input: { runId: string; stepRunId: string; reason: string },
): Promise<InterventionOutcome> {
  requireRole(viewer, ...RUN_CONTROL_ROLES);
  const { runId, stepRunId, reason } = parseInput(skipStepInput, input);
  await assertRunVisible(viewer, runId);
  const status = await writeControl(viewer, runId, (run, reads) => {
    const { snapshot } = run;
    const stepRun = stepRunOf(run, stepRunId);
    if (snapshot.execution.mode !== "workflow")
      throw new ConflictError("Steps are skipped in workflow runs only; in this run the executor model drives.");
    if (!SKIPPABLE_RUNS.includes(snapshot.status))
      throw new ConflictError(
        snapshot.status === "queued" || snapshot.status === "running"
          ? "Pause the run before skipping a step."
          : "Only a step of a failed, paused or waiting run can be skipped.",
      );
    if (run.executing) throw new ConflictError(WORKER_BUSY);
    if (lastStepRun(snapshot)?.id !== stepRun.id || !SKIPPABLE_STEPS.includes(stepRun.state))
      throw new ConflictError("Only the step the run stands at (failed, waiting or not started yet) can be skipped.");
    const step = snapshot.routine.steps.find((candidate) => candidate.id === stepRun.stepId);
    const name = step?.name ?? stepRun.stepId;
    if (step?.kind === "branch")
      throw new ConflictError(
        `"${name}" is a branch: skipped, the run would not know which way to go on. Retry it, or cancel the run.`,
      );
    if (step?.kind === "end") throw new ConflictError(`"${name}" ends the run; there is nothing after it to go on to.`);
    const by = viewer.name;
    return [
      {
        change: {
          run: REQUEUED_RUN,
          steps: [
            {
              id: stepRun.id,
              stepId: stepRun.stepId,
              iteration: stepRun.iteration,
              state: "skipped",
              output: operatorSkipOutput({ by, reason }),
              finishedAt: run.now,
            },
          ],
        },
        events: [
          { type: "step.intervention", data: { ...ref(stepRun), by, action: "skipped", reason } },
          { type: "step.skipped", data: { stepId: stepRun.stepId, reason: `Skipped by ${by}: ${reason}` } },
          { type: "run.status", data: { status: "queued", reason: `${by} skipped "${name}": ${reason}` } },
        ],
        audit: { action: "run.step_skipped", detail: { stepRunId, stepId: stepRun.stepId, reason } },
      },
      ...cancelChildrenOf({ run, reads, viewer }, [stepRun.id]),
    ];
  });
  return { status, stepRunId };
}

/**
 * Runs a tool or skill step again with an operator's edited input, and the run on from there. Operators and admins;
 * not while the run is queued or running (pause it first). The step gets a new execution (a new step run, so a new
 * idempotency key: the edited call really happens) and every step after it runs again as it is reached; the earlier
 * executions stay in the history, and a step still open after it (waiting, say) is cancelled. The input is checked
 * against the tool's schema (ValidationError on `input`). The run goes back to `queued`.
 */
export async function rerunFromStep(
  viewer: Viewer | null,
  input: { runId: string; stepRunId: string; input: Record<string, unknown> },
): Promise<InterventionOutcome> {
  requireRole(viewer, ...RUN_CONTROL_ROLES);
  const { runId, stepRunId, input: edited } = parseInput(rerunInput, input);
  await assertRunVisible(viewer, runId);
  const before = await loadRunSnapshot(runId);
  const target = before?.steps.find((candidate) => candidate.id === stepRunId);
  const step = target ? before!.routine.steps.find((candidate) => candidate.id === target.stepId) : undefined;
  if (step?.kind === "tool") {
    const issues = await createRegistryToolPort().checkArguments(step.tool, edited as Record<string, JsonValue>);
    if (issues.length > 0)
      throw new ValidationError(`The input does not fit the tool ${step.tool.name}: ${issues.join("; ")}.`, {
        input: issues,
      });
  }
  const newId = randomUUID();
  const status = await writeControl(viewer, runId, (run) => {
    const stepRun = stepRunOf(run, stepRunId);
    if (run.snapshot.status === "queued" || run.snapshot.status === "running")
      throw new ConflictError("Pause the run before re-running a step.");
    const kind = run.snapshot.routine.steps.find((candidate) => candidate.id === stepRun.stepId)?.kind;
    if (kind !== "tool" && kind !== "skill")
      throw new ConflictError("Only a tool or skill step can be re-run with an edited input.");
    if (!["succeeded", "failed", "cancelled"].includes(stepRun.state))
      throw new ConflictError("Only a step that has run can be re-run.");
    const iteration =
      Math.max(
        ...run.snapshot.steps
          .filter((candidate) => candidate.stepId === stepRun.stepId)
          .map((candidate) => candidate.iteration),
      ) + 1;
    const fresh = { id: newId, stepId: stepRun.stepId, iteration };
    const open = run.snapshot.steps.filter((candidate) => ["waiting", "pending", "running"].includes(candidate.state));
    const events: RunEventInput[] = [
      ...open.map((candidate) => ({ type: "step.cancelled" as const, data: ref(candidate) })),
      {
        type: "step.intervention",
        data: { stepRunId: newId, stepId: stepRun.stepId, iteration, by: viewer.name, action: "input_edited" },
      },
      {
        type: "run.status",
        data: {
          status: "queued",
          reason: `${viewer.name} re-runs "${stepName(run, stepRun.stepId)}" with an edited input.`,
        },
      },
    ];
    return [
      {
        change: {
          run: REQUEUED_RUN,
          steps: [
            ...open.map((candidate) => ({
              id: candidate.id,
              stepId: candidate.stepId,
              iteration: candidate.iteration,
              state: "cancelled" as const,
              finishedAt: run.now,
            })),
            { ...fresh, state: "pending" as const, input: edited as JsonValue, attempt: 0 },
          ],
        },
        events,
        audit: {
          action: "run.step_rerun",
          detail: { stepRunId, newStepRunId: newId, stepId: stepRun.stepId, fields: Object.keys(edited) },
        },
      },
    ];
  });
  return { status, stepRunId: newId };
}

/**
 * An operator's decision on a step waiting for a person: a human step (approve or reject; a step with a form is
 * approved by submitting `values`, checked against the form, ValidationError per field) or a tool call waiting for
 * approval. Operators and admins. Written with its step.intervention event and the audit entry; the run goes back
 * to `queued` and the engine carries on (or fails the run on a rejection). ConflictError when the run or the step
 * is not waiting for a person.
 */
export async function decideHumanStep(
  viewer: Viewer | null,
  input: {
    runId: string;
    stepRunId: string;
    decision: "approve" | "reject";
    comment?: string;
    values?: Record<string, unknown>;
  },
): Promise<InterventionOutcome> {
  requireRole(viewer, ...RUN_CONTROL_ROLES);
  const { runId, stepRunId, decision, comment, values } = parseInput(decideInput, input);
  await assertRunVisible(viewer, runId);
  const status = await writeControl(viewer, runId, (run) => {
    const stepRun = stepRunOf(run, stepRunId);
    if (run.snapshot.status === "paused")
      throw new ConflictError("This run is paused; resume it before deciding its steps.");
    if (run.snapshot.status !== "waiting" || stepRun.state !== "waiting")
      throw new ConflictError("This step is not waiting for a decision (any more).");
    const step = run.snapshot.routine.steps.find((candidate) => candidate.id === stepRun.stepId);
    const by = viewer.name;
    let chosen: OperatorDecision;
    if (decision === "reject") chosen = { action: "rejected", by, comment };
    else if (step?.kind === "human" && step.form.length > 0) {
      const checked = checkParamValues(step.form, values ?? {}, "a field of this form");
      if (Object.keys(checked.fieldErrors).length > 0)
        throw new ValidationError("Some fields of the form need attention.", checked.fieldErrors);
      chosen = { action: "submitted", by, values: checked.values, comment };
    } else chosen = { action: "approved", by, comment };
    try {
      const { change, events } = operatorDecision(run.snapshot, stepRunId, chosen, run.now);
      return [
        {
          change,
          events,
          audit: { action: "run.step_decided", detail: { stepRunId, stepId: stepRun.stepId, decision: chosen.action } },
        },
      ];
    } catch (error) {
      if (error instanceof OperatorDecisionError) throw new ConflictError(error.message);
      throw error;
    }
  });
  return { status, stepRunId };
}
