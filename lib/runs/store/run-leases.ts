import "server-only";
import { hostname } from "node:os";
import { readRuns, writeRuns } from "./run-database";
import { sqlTime } from "./run-sqlite";
import { sqlAll, sqlEnqueue, sqlGet, sqlRun } from "./run-sql";

// Leases: a worker owns a run while run.leaseOwner is its id and run.leaseUntil is in the future. The engine's
// commits extend it, the worker renews it during long steps, and a run whose lease expired (its worker died) is
// claimed by the next worker that looks, which resumes it from the stored state.

/** Runs a worker may take: queued and not held, or running under a lease that expired (its worker is gone). */
export const CLAIMABLE = `"status" IN ('queued', 'running') AND ("leaseOwner" IS NULL OR "leaseUntil" IS NULL OR "leaseUntil" < @now)`;

/**
 * Claims up to `limit` runnable runs for `owner`, oldest first, in one transaction (two workers never claim the
 * same run). Returns their ids.
 */
export async function claimRuns(owner: string, limit: number, leaseMs: number, now = new Date()): Promise<string[]> {
  if (limit <= 0) return [];
  return writeRuns(function* () {
    const params = { now: sqlTime(now), limit };
    // PostgreSQL: rows another worker is claiming right now are skipped, not waited for.
    const rows = yield* sqlAll<{ id: string }>(
      {
        sqlite: `SELECT "id" FROM "run" WHERE ${CLAIMABLE} ORDER BY "createdAt", "id" LIMIT @limit`,
        postgres: `SELECT "id" FROM "run" WHERE ${CLAIMABLE} ORDER BY "createdAt", "id" LIMIT @limit FOR UPDATE SKIP LOCKED`,
      },
      params,
    );
    const until = sqlTime(new Date(now.getTime() + leaseMs));
    const claimed: string[] = [];
    for (const { id } of rows) {
      const changed = yield* sqlRun(
        `UPDATE "run" SET "leaseOwner" = @owner, "leaseUntil" = @until WHERE "id" = @id AND ${CLAIMABLE}`,
        { id, owner, until, now: params.now },
      );
      if (changed === 1) claimed.push(id);
    }
    return claimed;
  });
}

/** Extends `owner`'s leases on `runIds`; returns the ids it no longer holds (another worker took them over). */
export async function renewLeases(
  owner: string,
  runIds: readonly string[],
  leaseMs: number,
  now = new Date(),
): Promise<string[]> {
  if (runIds.length === 0) return [];
  // One statement for every run the worker holds (a worker with hundreds of runs renewed them one by one before).
  const kept = await writeRuns(
    () =>
      sqlAll<{ id: string }>(
        {
          sqlite: `UPDATE "run" SET "leaseUntil" = @until WHERE "leaseOwner" = @owner AND "id" IN (SELECT "value" FROM json_each(@ids)) RETURNING "id"`,
          postgres: `UPDATE "run" SET "leaseUntil" = @until WHERE "leaseOwner" = @owner AND "id" IN (SELECT json_array_elements_text(@ids::json)) RETURNING "id"`,
        },
        { until: sqlTime(new Date(now.getTime() + leaseMs)), owner, ids: JSON.stringify(runIds) },
      ),
    { group: true },
  );
  const held = new Set(kept.map((row) => row.id));
  return runIds.filter((id) => !held.has(id));
}

/**
 * Gives a run back after the engine returned. A run still runnable (a worker stopping between steps) goes back on
 * the run queue in the same transaction (PostgreSQL), so another worker resumes it at once.
 */
export async function releaseLease(owner: string, runId: string): Promise<void> {
  await writeRuns(
    function* () {
      const row = yield* sqlGet<{ status: string }>(
        `UPDATE "run" SET "leaseOwner" = NULL, "leaseUntil" = NULL WHERE "id" = ? AND "leaseOwner" = ? RETURNING "status"`,
        [runId, owner],
      );
      if (row && (row.status === "queued" || row.status === "running")) yield* sqlEnqueue(runId);
    },
    { group: true },
  );
}

/** Takes, in one statement, those of `runIds` (jobs named them) that are runnable and held by nobody; returns them. */
export async function claimRunsById(
  owner: string,
  runIds: readonly string[],
  leaseMs: number,
  now = new Date(),
): Promise<string[]> {
  if (runIds.length === 0) return [];
  const params = {
    ids: JSON.stringify(runIds),
    owner,
    until: sqlTime(new Date(now.getTime() + leaseMs)),
    now: sqlTime(now),
  };
  const update = `UPDATE "run" SET "leaseOwner" = @owner, "leaseUntil" = @until WHERE ${CLAIMABLE} AND "id" IN `;
  const rows = await writeRuns(() =>
    sqlAll<{ id: string }>(
      {
        sqlite: `${update}(SELECT "value" FROM json_each(@ids)) RETURNING "id"`,
        postgres: `${update}(SELECT json_array_elements_text(@ids::json)) RETURNING "id"`,
      },
      params,
    ),
  );
  return rows.map((row) => row.id);
}

/**
 * Frees the leases of workers on this host whose process is gone (a crash, a kill), so their runs are resumed now
 * rather than when the leases expire. Owner ids are `<host>/<pid>/<random>`; a pid that is alive (or reused) is
 * left alone and its runs wait for the lease to expire, which is always safe.
 */
export async function freeDeadOwnersLeases(host = hostname()): Promise<number> {
  const owners = await readRuns(() =>
    sqlAll<{ leaseOwner: string }>(
      `SELECT DISTINCT "leaseOwner" FROM "run" WHERE "leaseOwner" IS NOT NULL AND "status" IN ('queued', 'running')`,
    ),
  );
  // Compared in JavaScript, not with LIKE, whose wildcards a host name could contain.
  const dead = owners
    .map((row) => row.leaseOwner)
    .filter((owner) => owner.startsWith(`${host}/`) && !processAlive(Number(owner.split("/")[1])));
  if (dead.length === 0) return 0;
  // One statement for every dead owner. On PostgreSQL it locks the rows in id order and skips those another
  // transaction holds (a claim, a commit, another worker's sweep): statements that each locked their owners' rows in
  // their own order deadlocked when workers swept at once, piled up waiting, and starved the lease renewals. A row
  // skipped now is freed by the next sweep, or its lease expires; either is safe.
  return writeRuns(() =>
    sqlRun(
      {
        sqlite: `UPDATE "run" SET "leaseUntil" = NULL WHERE "leaseOwner" IN (SELECT "value" FROM json_each(@owners))`,
        postgres:
          `UPDATE "run" SET "leaseUntil" = NULL WHERE "id" IN (SELECT "id" FROM "run" WHERE "leaseOwner" IN ` +
          `(SELECT json_array_elements_text(@owners::json)) ORDER BY "id" FOR UPDATE SKIP LOCKED)`,
      },
      { owners: JSON.stringify(dead) },
    ),
  );
}

function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return true;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
