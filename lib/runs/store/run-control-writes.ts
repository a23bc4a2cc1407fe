import "server-only";
import { runEventBus, type RunEvent, type RunEventInput, type RunStatus } from "../../events";
import type { RunChange, RunSnapshot } from "../engine";
import type { AuditAction } from "../../db/audit";
import { NotFoundError } from "../../db/core";
import { auditRunAction } from "./run-audit";
import { writeRuns } from "./run-database";
import { readTime } from "./run-sqlite";
import { sqlAll, sqlGet, type SqlProgram } from "./run-sql";
import { publishWoken, RUN_NOT_FOUND, runSnapshotProgram } from "./run-store";
import { wakeRunWorker } from "./run-wake";
import { applyRunChange } from "./run-writes";
import type { Viewer } from "../../access";

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
 * error `decide` throws) leaves everything as it was. Returns the run's status afterwards. The run and its
 * unfinished sub-routines (all `decide` may read) are read first, inside the transaction, with the run's row
 * locked on PostgreSQL so no worker commits between the read and the write.
 */
export async function writeControl(
  viewer: Viewer,
  runId: string,
  decide: (run: ControlledRun, reads: ControlReads) => ControlWrite[],
): Promise<RunStatus> {
  const outcome = await writeRuns(function* () {
    const now = new Date();
    yield* sqlGet(
      {
        sqlite: `SELECT "id" FROM "run" WHERE "id" = ?`,
        postgres: `SELECT "id" FROM "run" WHERE "id" = ? FOR UPDATE`,
      },
      [runId],
    );
    const { runs, children } = yield* readRunTree(runId, now);
    const run = runs.get(runId);
    if (!run) throw new NotFoundError(RUN_NOT_FOUND);
    const reads: ControlReads = {
      load: (id) => runs.get(id) ?? null,
      openChildren: (id) => children.get(id) ?? [],
    };
    const writes = decide(run, reads);
    const published = new Map<string, RunEvent[]>();
    const woken: RunEvent[] = [];
    let status = run.snapshot.status;
    for (const write of writes) {
      const target = write.runId ?? runId;
      const result = yield* applyRunChange(target, write.change, write.events, { owner: null }, now);
      published.set(target, [...(published.get(target) ?? []), ...result.events]);
      if (result.woken) woken.push(result.woken);
      if (target === runId && write.change.run?.status) status = write.change.run.status;
      yield* auditRunAction({ action: write.audit.action, actor: viewer, runId: target, detail: write.audit.detail });
    }
    return { published, woken, status };
  });
  for (const [id, events] of outcome.published) runEventBus.publish(id, events);
  for (const event of outcome.woken) publishWoken(event);
  wakeRunWorker();
  return outcome.status;
}

/** The run and, below it, every unfinished sub-routine run, each with whether a worker is executing it. */
function* readRunTree(
  runId: string,
  now: Date,
): SqlProgram<{ runs: Map<string, ControlledRun>; children: Map<string, string[]> }> {
  const runs = new Map<string, ControlledRun>();
  const children = new Map<string, string[]>();
  const pending = [runId];
  while (pending.length > 0) {
    const id = pending.shift()!;
    if (runs.has(id)) continue;
    const snapshot = yield* runSnapshotProgram(id);
    if (!snapshot) continue;
    runs.set(id, { snapshot, executing: yield* leaseIsLive(id, now), now });
    const open = yield* sqlAll<{ id: string }>(
      `SELECT "id" FROM "run" WHERE "parentRunId" = ? AND "status" NOT IN ('succeeded', 'failed', 'cancelled')`,
      [id],
    );
    children.set(
      id,
      open.map((row) => row.id),
    );
    pending.push(...open.map((row) => row.id));
  }
  return { runs, children };
}

/** Whether a worker holds an unexpired lease on the run (it is executing it, or is about to). */
function* leaseIsLive(runId: string, now: Date): SqlProgram<boolean> {
  const row = yield* sqlGet<{ leaseOwner: string | null; leaseUntil: string | null }>(
    `SELECT "leaseOwner", "leaseUntil" FROM "run" WHERE "id" = ?`,
    [runId],
  );
  const until = readTime(row?.leaseUntil ?? null);
  return Boolean(row?.leaseOwner && until && until.getTime() > now.getTime());
}

/**
 * The run's fields when an operator sends it back to a worker (a retry, a skip, a re-run, a stage retry or cancel):
 * queued, with no control request, error, finish time or outputs left from before.
 */
export const REQUEUED_RUN = { status: "queued", control: null, error: null, finishedAt: null, outputs: null } as const;

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
