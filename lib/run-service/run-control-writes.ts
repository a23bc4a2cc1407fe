import "server-only";
import { isFinished, runEventBus, type RunEvent, type RunEventInput, type RunStatus } from "../events";
import type { RunChange, RunSnapshot } from "../runner";
import type { AuditAction } from "../db/audit";
import { ConflictError, NotFoundError } from "../db/core";
import { auditRunAction } from "./run-audit";
import { sqlTime, statement, writeRuns } from "./run-sqlite";
import { loadRunSnapshot, publishWoken, RUN_NOT_FOUND } from "./run-store";
import { wakeRunWorker } from "./run-wake";
import { applyRunChange } from "./run-writes";
import type { Viewer } from "../access";

// What the operator controls share: read the run inside the write transaction (so the check and the write see the
// same state, whatever a worker commits around them), write the change with its events and the audit entry, then
// tell listeners and wake the worker.

/** A run as a control reads it inside its transaction: the snapshot, and whether a worker is executing it now. */
export type ControlledRun = { snapshot: RunSnapshot; executing: boolean; now: Date };

/** One run's change, its events and its audit entry; `runId` defaults to the run being controlled. */
export type ControlWrite = {
  runId?: string;
  change: RunChange;
  events: RunEventInput[];
  audit: { action: AuditAction; detail: Record<string, unknown> };
};

/** Reads for `decide`, inside the same transaction: another run (a sub-routine), and a run's unfinished children. */
export type ControlReads = { load(runId: string): ControlledRun | null; openChildren(runId: string): string[] };

/**
 * Runs `decide` on the run as stored and writes what it returns, all in one transaction; ConflictError (or any
 * error `decide` throws) leaves everything as it was. Returns the run's status afterwards.
 */
export async function writeControl(
  viewer: Viewer,
  runId: string,
  decide: (run: ControlledRun, reads: ControlReads) => ControlWrite[],
): Promise<RunStatus> {
  const outcome = await writeRuns(() => {
    const now = new Date();
    const load = (id: string): ControlledRun | null => {
      const snapshot = loadRunSnapshot(id);
      return snapshot ? { snapshot, executing: leaseIsLive(id, now), now } : null;
    };
    const run = load(runId);
    if (!run) throw new NotFoundError(RUN_NOT_FOUND);
    const writes = decide(run, { load, openChildren });
    const published = new Map<string, RunEvent[]>();
    const woken: RunEvent[] = [];
    let status = run.snapshot.status;
    for (const write of writes) {
      const target = write.runId ?? runId;
      const result = applyRunChange(target, write.change, write.events, { owner: null }, now);
      published.set(target, [...(published.get(target) ?? []), ...result.events]);
      if (result.woken) woken.push(result.woken);
      if (target === runId && write.change.run?.status) status = write.change.run.status;
      auditRunAction({ action: write.audit.action, actor: viewer, runId: target, detail: write.audit.detail });
    }
    return { published, woken, status };
  });
  for (const [id, events] of outcome.published) runEventBus.publish(id, events);
  for (const event of outcome.woken) publishWoken(event);
  wakeRunWorker();
  return outcome.status;
}

function openChildren(runId: string): string[] {
  const rows = statement(
    `SELECT "id" FROM "run" WHERE "parentRunId" = ? AND "status" NOT IN ('succeeded', 'failed', 'cancelled')`,
  ).all(runId) as Array<{ id: string }>;
  return rows.map((row) => row.id);
}

/** Whether a worker holds an unexpired lease on the run (it is executing it, or is about to). */
function leaseIsLive(runId: string, now: Date): boolean {
  const row = statement(`SELECT "leaseOwner", "leaseUntil" FROM "run" WHERE "id" = ?`).get(runId) as
    { leaseOwner: string | null; leaseUntil: string | null } | undefined;
  return Boolean(row?.leaseOwner && row.leaseUntil && row.leaseUntil > sqlTime(now));
}

/** ConflictError unless the run is in one of `allowed`; `message` says what to do instead. */
export function requireStatus(snapshot: RunSnapshot, allowed: readonly RunStatus[], message: string): void {
  if (!allowed.includes(snapshot.status)) throw new ConflictError(message);
}

export function refuseFinished(snapshot: RunSnapshot, doing: string): void {
  if (isFinished(snapshot.status))
    throw new ConflictError(
      `This run has already ${snapshot.status === "succeeded" ? "succeeded" : snapshot.status === "failed" ? "failed" : "been cancelled"}; it cannot be ${doing}.`,
    );
}

/** Milliseconds since `from` (0 when unknown). */
export const since = (from: Date | null | undefined, now: Date) =>
  Math.max(0, now.getTime() - (from?.getTime() ?? now.getTime()));

/**
 * Cancels a run no worker is executing, at once: its open step runs (running, pending, waiting) become cancelled
 * and the run finishes cancelled, with `error` as the reason when given. The change and its events; the caller
 * writes them with its audit entry.
 */
export function cancelAtRest(run: ControlledRun, error?: string): Pick<ControlWrite, "change" | "events"> {
  const { snapshot, now } = run;
  const open = snapshot.steps.filter(
    (step) => step.state === "running" || step.state === "pending" || step.state === "waiting",
  );
  const change: RunChange = {
    run: { status: "cancelled", control: null, finishedAt: now },
    steps: open.map((step) => ({
      id: step.id,
      stepId: step.stepId,
      iteration: step.iteration,
      state: "cancelled" as const,
      finishedAt: now,
    })),
  };
  const events: RunEventInput[] = [
    ...open.map((step) => ({
      type: "step.cancelled" as const,
      data: { stepRunId: step.id, stepId: step.stepId, iteration: step.iteration },
    })),
    {
      type: "run.finished",
      data: {
        status: "cancelled",
        ...(error ? { error } : {}),
        durationMs: since(snapshot.startedAt, now),
        inputTokens: snapshot.inputTokens,
        outputTokens: snapshot.outputTokens,
      },
    },
  ];
  return { change, events };
}
