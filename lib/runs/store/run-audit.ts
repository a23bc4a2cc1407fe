import "server-only";
import { randomUUID } from "node:crypto";
import type { AuditAction } from "../../db/audit";
import { sqlTime } from "./run-sqlite";
import { sqlRun, type SqlProgram } from "./run-sql";

/**
 * recordAudit for writes made on the run store's connection: the entry lands in the same transaction as the run
 * change it records. Run inside writeRuns. Details hold ids and names, never inputs, outputs or secrets.
 */
export function* auditRunAction(entry: {
  action: AuditAction;
  actor: { id: string; email: string };
  runId: string;
  detail: Record<string, unknown>;
}): SqlProgram<void> {
  yield* sqlRun(
    `INSERT INTO "audit_log" ("id", "at", "actorId", "actorEmail", "action", "targetType", "targetId", "detail") VALUES (?, ?, ?, ?, ?, 'run', ?, ?)`,
    [
      randomUUID(),
      sqlTime(new Date()),
      entry.actor.id,
      entry.actor.email,
      entry.action,
      entry.runId,
      JSON.stringify(entry.detail),
    ],
  );
}
