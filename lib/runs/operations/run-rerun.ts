import "server-only";
import { randomUUID } from "node:crypto";
import { requireRole, RUN_CONTROL_ROLES, type Viewer } from "../../access";
import type { RunEventInput } from "../../events";
import { callsTool, hasCapability, type JsonValue } from "../../routine";
import { parseInput, ValidationError } from "../../db/core";
import { createRegistryToolPort, loadRunSnapshot, REQUEUED_RUN, writeControl } from "../store";
import { rerunInput } from "./run-inputs";
import { refuse, runFacts } from "./run-controls";
import { type InterventionOutcome, ref, stepFacts, stepName, stepRunOf } from "./run-interventions";
import { rerunStepProblem } from "./rules";
import { assertEditWithinRoutine, inputEditAudit } from "./run-rerun-checks";
import { assertRunVisible } from "./run-visibility";

/**
 * Runs a tool or skill step again with an operator's edited input, and the run on from there. Operators and admins;
 * not while the run is queued or running (pause it first). The step gets a new execution (a new step run, so a new
 * idempotency key: the edited call really happens) and every step after it runs again as it is reached; the earlier
 * executions stay in the history, and a step still open after it (waiting, say) is cancelled. The input stays inside
 * the routine — the arguments it fixes (literal and input bindings) unchanged, see run-rerun-checks.ts — and fits the
 * tool's schema (ValidationError on `input`, nothing written). A tool step that requires approval waits for a new
 * one with the edited input. The audit entry keeps keyed digests of the input before and after and the fields that
 * changed, not the values. The run goes back to `queued`.
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
  // The routine and the run's inputs never change during a run, so the snapshot read here is the one to check against.
  if (step && hasCapability(step, "rerunnable")) assertEditWithinRoutine(step, before!.inputs, edited);
  if (step && callsTool(step)) {
    const issues = await createRegistryToolPort().checkArguments(step.tool, edited as Record<string, JsonValue>);
    if (issues.length > 0)
      throw new ValidationError(`The input does not fit the tool ${step.tool.name}: ${issues.join("; ")}.`, {
        input: issues,
      });
  }
  const newId = randomUUID();
  const status = await writeControl(viewer, runId, (run) => {
    const stepRun = stepRunOf(run, stepRunId);
    refuse(rerunStepProblem(runFacts(run), stepFacts(run, stepRun)));
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
          detail: {
            stepRunId,
            newStepRunId: newId,
            stepId: stepRun.stepId,
            ...inputEditAudit(stepRun.input, edited),
          },
        },
      },
    ];
  });
  return { status, stepRunId: newId };
}
