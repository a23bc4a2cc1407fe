import "server-only";
import type { Viewer } from "../../access";
import { isFinished, type RunEventInput } from "../../events";
import { prisma } from "../../db/core";
import { cancelAtRest, signalRunControl, writeControl, type ControlledRun, type ControlWrite } from "../../runs/store";
import { wakeEvalDriver } from "./eval-wake";

/**
 * Stops the runs an eval run has in flight, through the run controls (one transaction per run with its event and
 * audit entry, by `viewer`): a run a worker executes gets a cancel request handed to it at once; a run still queued
 * is cancelled outright. Runs that finished meanwhile are left alone. Then wakes the driver, which skips what has
 * not started and finishes the eval run. No authorization: the evals DAL authorizes the cancel.
 */
export async function cancelEvalRunRuns(viewer: Viewer, evalRunId: string): Promise<number> {
  const rows = await prisma.evalResult.findMany({
    where: { evalRunId, status: "running", runId: { not: null } },
    select: { runId: true },
  });
  let cancelled = 0;
  for (const { runId } of rows) {
    const status = await writeControl(viewer, runId!, (run) => cancelWrites(run, viewer)).catch(() => null);
    if (status === null) continue;
    signalRunControl(runId!, "cancel");
    cancelled++;
  }
  wakeEvalDriver();
  return cancelled;
}

const note = (run: ControlledRun, reason: string): RunEventInput => ({
  type: "run.status",
  data: { status: run.snapshot.status, reason },
});

function cancelWrites(run: ControlledRun, viewer: Viewer): ControlWrite[] {
  const { snapshot } = run;
  if (isFinished(snapshot.status) || snapshot.control === "cancel") return [];
  const reason = `${viewer.name} cancelled the evaluation suite this run belongs to.`;
  if (run.executing)
    return [
      {
        change: { run: { control: "cancel" } },
        events: [note(run, reason)],
        audit: { action: "run.cancelled", detail: { requested: true, evaluation: true } },
      },
    ];
  return [
    {
      ...cancelAtRest(run, reason),
      audit: { action: "run.cancelled", detail: { from: snapshot.status, evaluation: true } },
    },
  ];
}
