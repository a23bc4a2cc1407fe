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
import { callsTool, describeStep } from "../../routine";
import { canonicalJson } from "../../tools";
import { checkParamValues } from "./run-input-values";
import { decideInput, retryStepInput, skipStepInput } from "./run-inputs";
import { refuse, runFacts } from "./run-controls";
import { cancelChildrenOf } from "./run-stage-controls";
import { decideStepProblem, retryStepProblem, skipStepProblem, type StepFacts } from "./rules";
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

/** What the rules (./rules) read of a step run, as its run is stored. */
export function stepFacts(run: ControlledRun, stepRun: StepRunSnapshot): StepFacts {
  const step = run.snapshot.routine.steps.find((candidate) => candidate.id === stepRun.stepId);
  return {
    kind: step?.kind,
    name: step?.name ?? stepRun.stepId,
    state: stepRun.state,
    latest: lastStepRun(run.snapshot)?.id === stepRun.id,
  };
}

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
    refuse(retryStepProblem(runFacts(run), stepFacts(run, stepRun)));
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
    const facts = stepFacts(run, stepRun);
    refuse(skipStepProblem({ ...runFacts(run), mode: snapshot.execution.mode }, facts));
    const { name } = facts;
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
    refuse(decideStepProblem(runFacts(run), stepFacts(run, stepRun)));
    const step = run.snapshot.routine.steps.find((candidate) => candidate.id === stepRun.stepId);
    const by = viewer.name;
    const form = step ? describeStep(step).formOf(step) : [];
    let chosen: OperatorDecision;
    if (decision === "reject") chosen = { action: "rejected", by, comment };
    else if (form.length > 0) {
      const checked = checkParamValues(form, values ?? {}, "a field of this form");
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
              ...(step && callsTool(step) ? { inputDigest: keyedDigest(canonicalJson(stepRun.input)) } : {}),
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
