import "server-only";
import type { RunEvent } from "../../events";
import type { AuditAction } from "../../db/audit";
import { auditRunAction } from "./run-audit";
import { insertQueuedRun, type QueuedRun } from "./run-creation";
import { writeRuns } from "./run-database";
import { sqlRun } from "./run-sql";

/** What a run's start records beside it, in the same transaction: who started it, or the evaluation it runs for. */
export type RunStartRecords = {
  audit?: { action: AuditAction; actor: { id: string; email: string }; detail: Record<string, unknown> };
  /** The evaluation result the run measures: marked running, with the run and the content hash it measures. */
  evalResult?: { id: string; contentHash: string };
};

/**
 * Inserts a queued run with its `run.queued` event and `records`, all in one transaction (a driver that dies here
 * never leaves a run nobody judges, nor a result that names no run). Returns the event; the caller publishes it and
 * wakes the worker.
 */
export function queueRun(run: QueuedRun, records: RunStartRecords = {}): Promise<RunEvent> {
  return writeRuns(function* () {
    const event = yield* insertQueuedRun(run);
    if (records.audit) yield* auditRunAction({ ...records.audit, runId: run.id });
    if (records.evalResult)
      yield* sqlRun(`UPDATE "eval_result" SET "status" = 'running', "runId" = ?, "contentHash" = ? WHERE "id" = ?`, [
        run.id,
        records.evalResult.contentHash,
        records.evalResult.id,
      ]);
    return event;
  });
}
