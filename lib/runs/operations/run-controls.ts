import "server-only";
import { requireRole, RUN_CONTROL_ROLES, type Viewer } from "../../access";
import type { RunEventInput, RunStatus } from "../../events";
import { holdsAfterResume, indexRoutine } from "../engine";
import { ConflictError, parseInput } from "../../db/core";
import {
  cancelAtRest,
  type ControlledRun,
  type ControlReads,
  type ControlWrite,
  signalRunControl,
  writeControl,
} from "../store";
import { cancelInFlightProblem, runControlProblem, type RunControlAction, type RunFacts } from "./rules";
import { controlRunInput } from "./run-inputs";
import { assertRunVisible } from "./run-visibility";

export type { RunControlAction } from "./rules";

/**
 * Pauses, resumes or cancels a run. Operators and admins; NotFoundError for an unknown run. A run a worker is
 * executing gets the request (run.control, handed at once to a worker in this process): a pause takes effect after
 * the current step, a cancel stops the step in flight. A run nobody executes (queued, waiting, paused) changes at
 * once: paused, queued again (resume), or cancelled with its open step and unfinished sub-routines. Each writes its
 * change, its event and the audit entry in one transaction and wakes the worker. ConflictError for what cannot be
 * done (resume a run that is not paused, anything on a finished run), with nothing written.
 * Returns the run's status afterwards (unchanged when a request was noted for the worker).
 */
export async function controlRun(
  viewer: Viewer | null,
  input: { runId: string; action: RunControlAction },
): Promise<{ status: RunStatus }> {
  requireRole(viewer, ...RUN_CONTROL_ROLES);
  const { runId, action } = parseInput(controlRunInput, input);
  await assertRunVisible(viewer, runId);
  const status = await writeControl(viewer, runId, (run, reads) => DECIDE[action](run, viewer, reads));
  if (action !== "resume") signalRunControl(runId, action);
  return { status };
}

const noted = (run: ControlledRun, reason: string): RunEventInput => ({
  type: "run.status",
  data: { status: run.snapshot.status, reason },
});

/** What the rules (./rules) read of a run as a control reads it inside its transaction. */
export const runFacts = (run: ControlledRun): RunFacts => ({
  status: run.snapshot.status,
  executing: run.executing,
  control: run.snapshot.control,
});

/** ConflictError with the rule's refusal, when there is one. */
export function refuse(problem: string | null): void {
  if (problem) throw new ConflictError(problem);
}

/** A pause: noted for the worker executing the run, or at once for a run at rest. Also a stage pause in the stage. */
export function pauseWrites(run: ControlledRun, viewer: Viewer): ControlWrite[] {
  const { snapshot } = run;
  refuse(runControlProblem("pause", runFacts(run)));
  if (run.executing) {
    return [
      {
        change: { run: { control: "pause" } },
        events: [noted(run, `${viewer.name} asked to pause; the run pauses after the current step.`)],
        audit: { action: "run.paused", detail: { requested: true } },
      },
    ];
  }
  return [
    {
      change: { run: { status: "paused", control: null } },
      events: [{ type: "run.status", data: { status: "paused", reason: `Paused by ${viewer.name}.` } }],
      audit: { action: "run.paused", detail: { from: snapshot.status } },
    },
  ];
}

const DECIDE: Record<RunControlAction, (run: ControlledRun, viewer: Viewer, reads: ControlReads) => ControlWrite[]> = {
  pause: pauseWrites,

  resume(run, viewer) {
    const { snapshot } = run;
    refuse(runControlProblem("resume", runFacts(run)));
    // A hold on the stage the run stands at has done its work: the run goes into the stage now.
    const execution = holdsAfterResume(snapshot, indexRoutine(snapshot.routine));
    return [
      {
        change: { run: { status: "queued", control: null, ...(execution ? { execution } : {}) } },
        events: [{ type: "run.status", data: { status: "queued", reason: `Resumed by ${viewer.name}.` } }],
        audit: { action: "run.resumed", detail: {} },
      },
    ];
  },

  cancel(run, viewer, reads) {
    refuse(runControlProblem("cancel", runFacts(run)));
    return cancelWrites(run, viewer, reads);
  },
};

/** A cancel request for a run in flight, or the cancel itself (open step, unfinished sub-routines) for one at rest. */
export function cancelWrites(run: ControlledRun, viewer: Viewer, reads: ControlReads): ControlWrite[] {
  const { snapshot } = run;
  if (run.executing) {
    refuse(cancelInFlightProblem(runFacts(run)));
    return [
      {
        runId: snapshot.id,
        change: { run: { control: "cancel" } },
        events: [noted(run, `${viewer.name} cancelled the run; the step in flight is stopped.`)],
        audit: { action: "run.cancelled", detail: { requested: true } },
      },
    ];
  }
  const { change, events } = cancelAtRest(run);
  const children = reads.openChildren(snapshot.id).flatMap((childId) => {
    const child = reads.load(childId);
    return child ? cancelWrites(child, viewer, reads) : [];
  });
  return [
    { runId: snapshot.id, change, events, audit: { action: "run.cancelled", detail: { from: snapshot.status } } },
    ...children,
  ];
}
