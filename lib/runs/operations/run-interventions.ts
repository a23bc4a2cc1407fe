import "server-only";
import { requireRole, RUN_CONTROL_ROLES, type Viewer } from "../../access";
import type { RunStatus } from "../../events";
import {
  lastStepRun,
  OperatorDecisionError,
  operatorDecision,
  operatorSkipOutput,
  type OperatorDecision,
  type StepRunSnapshot,
} from "../engine";
import { ConflictError, NotFoundError, parseInput, ValidationError } from "../../db/core";
import { keyedDigest } from "../../crypto";
import { type ControlledRun, REQUEUED_RUN, writeControl } from "../store";
import { canonicalJson } from "../../tools";
import { checkParamValues } from "./run-input-values";
import { decideInput, retryStepInput, skipStepInput } from "./run-inputs";
import { cancelChildrenOf, WORKER_BUSY } from "./run-stage-controls";
import { assertRunVisible } from "./run-visibility";

export type InterventionOutcome = { status: RunStatus; stepRunId: string };

export const ref = (run: StepRunSnapshot) => ({ stepRunId: run.id, stepId: run.stepId, iteration: run.iteration });

export function stepRunOf(run: ControlledRun, stepRunId: string): StepRunSnapshot {
  const stepRun = run.snapshot.steps.find((candidate) => candidate.id === stepRunId);
  if (!stepRun) throw new NotFoundError("That step run is not part of this run.");
  return stepRun;
}

export const stepName = (run: ControlledRun, stepId: string) =>
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
          audit: {
            action: "run.step_decided",
            detail: {
              stepRunId,
              stepId: stepRun.stepId,
              decision: chosen.action,
              // A tool call's decision names the arguments decided on by their keyed digest, never their values.
              ...(step?.kind === "tool" ? { inputDigest: keyedDigest(canonicalJson(stepRun.input)) } : {}),
            },
          },
        },
      ];
    } catch (error) {
      if (error instanceof OperatorDecisionError) throw new ConflictError(error.message);
      throw error;
    }
  });
  return { status, stepRunId };
}
