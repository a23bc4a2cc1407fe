import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { signedIn } from "../../../test/request-context";
import { seedDatabase } from "../../demo/seed";
import { ConflictError, prisma } from "../core";
import { getRoutine } from "../library";
import { resolveDatabase } from "../location";
import { decideReview, getVersionReview, saveOptimizedVersion, submitForReview, VersionChangedError } from "../reviews";
import { acceptToolChanges, createRoutine, saveRoutineDraft } from "../routines";
import { hrToolFixture } from "../testing/hr-tool-fixture";
import { as, optimizedRoutine, provenance } from "../testing/review-test-support";

// A content write racing a lifecycle change committed by another connection between the write's read and its
// UPDATE (issue #29, item 6). PostgreSQL reads without locks, so only the UPDATE's own conditions can refuse the
// write: another pg connection holds the version row's lock with the change uncommitted, commits it once the write
// is waiting on that lock, and the write must then change nothing. SQLite takes its write lock at BEGIN, so there the
// write waits for the other connection before it reads; the same tests hold the lock from a worker thread.

const database = resolveDatabase();
let hr: Awaited<ReturnType<typeof hrToolFixture>>;

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  hr = await hrToolFixture();
});

/**
 * Runs `sql` in another connection's open transaction (so it holds the row it writes), starts `act`, commits the
 * other transaction once `act` waits on it, and returns how `act` settled.
 */
async function whileAnotherConnectionCommits<T>(
  sql: string,
  params: unknown[],
  act: () => Promise<T>,
): Promise<PromiseSettledResult<T>> {
  return database.kind === "postgresql" ? onPostgres(database.url, sql, params, act) : onSqlite(sql, params, act);
}

async function onPostgres<T>(url: string, sql: string, params: unknown[], act: () => Promise<T>) {
  const other = new pg.Client({ connectionString: url });
  const watcher = new pg.Client({ connectionString: url });
  await other.connect();
  await watcher.connect();
  try {
    const { rows } = await other.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
    await other.query("BEGIN");
    await other.query(toPostgres(sql), params);
    const settled = settle(act());
    // Deterministic: commit only once a backend of the act waits for the row this connection holds.
    for (let waited = 0; ; waited += 20) {
      const blocked = await watcher.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))",
        [rows[0].pid],
      );
      if (blocked.rows[0].n > 0) break;
      if (waited > 10_000) throw new Error("The write never waited for the other connection's lock.");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await other.query("COMMIT");
    return await settled;
  } finally {
    await other.end();
    await watcher.end();
  }
}

/** better-sqlite3 waits synchronously for a lock, so the other connection lives in a worker thread and commits on its own. */
async function onSqlite<T>(sql: string, params: unknown[], act: () => Promise<T>) {
  if (database.kind !== "sqlite") throw new Error("Not SQLite.");
  const worker = new Worker(
    `const { parentPort, workerData } = require("node:worker_threads");
     const Database = require(workerData.driver);
     const db = new Database(workerData.path);
     db.exec("BEGIN IMMEDIATE");
     db.prepare(workerData.sql).run(...workerData.params);
     parentPort.postMessage("locked");
     setTimeout(() => { db.exec("COMMIT"); db.close(); parentPort.postMessage("committed"); }, 300);`,
    {
      eval: true,
      workerData: {
        driver: createRequire(import.meta.url).resolve("better-sqlite3"),
        path: database.path,
        sql,
        params,
      },
    },
  );
  const committed = new Promise((resolve) => worker.on("message", (message) => message === "committed" && resolve(0)));
  await new Promise((resolve) => worker.once("message", resolve));
  const settled = await settle(act());
  await committed;
  await worker.terminate();
  return settled;
}

const settle = <T>(promise: Promise<T>) => Promise.allSettled([promise]).then(([result]) => result);
const toPostgres = (sql: string) =>
  sql.replace(/\?/g, (_, offset: number, all: string) => `$${all.slice(0, offset).split("?").length}`);
const SUBMIT = `UPDATE "routine_version" SET "status" = 'in_review' WHERE "id" = ?`;

/** A draft calling get_employee, saved once; returns what the author's page holds. */
async function draft() {
  await as("author");
  const { id: routineId } = await createRoutine(signedIn(), {
    name: `Race ${Math.random().toString(36).slice(2, 7)}`,
    routine: hr.routineCalling("get_employee"),
  });
  const { versionId, revision } = await getRoutine(signedIn(), routineId);
  return { routineId, versionId, revision };
}

const stored = (versionId: string) =>
  prisma.routineVersion.findUniqueOrThrow({
    where: { id: versionId },
    select: { status: true, content: true, revision: true, toolHashes: true },
  });

describe(`content writes that race a committed lifecycle change (${database.kind})`, () => {
  it("a save that read the draft before a submit committed is refused, and the version in review keeps its content", async () => {
    const { routineId, versionId, revision } = await draft();
    const before = await stored(versionId);
    const editors = await prisma.versionEditor.count({ where: { versionId } });
    const save = await whileAnotherConnectionCommits(SUBMIT, [versionId], () =>
      saveRoutineDraft(signedIn(), {
        routineId,
        baseRevision: revision,
        routine: hr.routineCalling("update_employee_contact"),
      }),
    );
    expect(save.status).toBe("rejected");
    expect((save as PromiseRejectedResult).reason).toBeInstanceOf(ConflictError);
    expect((save as PromiseRejectedResult).reason.message).toBe("Version 1 is in review and can no longer be edited.");
    expect(await stored(versionId)).toEqual({ ...before, status: "in_review" });
    expect(await prisma.versionEditor.count({ where: { versionId } })).toBe(editors);
  });

  it("accepting changed tools on a draft submitted meanwhile is refused, and the version's pins stay", async () => {
    const { routineId, versionId } = await draft();
    await hr.changeSchema("get_employee");
    const before = await stored(versionId);
    const accept = await whileAnotherConnectionCommits(SUBMIT, [versionId], () =>
      acceptToolChanges(signedIn(), { routineId }),
    );
    expect(accept.status).toBe("rejected");
    expect((accept as PromiseRejectedResult).reason).toBeInstanceOf(ConflictError);
    expect(await stored(versionId)).toEqual({ ...before, status: "in_review" });
  });

  it("the planner's version is refused when its base was submitted meanwhile: one version in review at most", async () => {
    const { routineId, versionId, revision } = await draft();
    const saved = await whileAnotherConnectionCommits(SUBMIT, [versionId], () =>
      saveOptimizedVersion(signedIn(), {
        routineId,
        basedOnVersionId: versionId,
        baseRevision: revision,
        routine: optimizedRoutine(),
        provenance: provenance(),
      }),
    );
    expect(saved.status).toBe("rejected");
    expect((saved as PromiseRejectedResult).reason).toBeInstanceOf(ConflictError);
    expect(await prisma.routineVersion.count({ where: { routineId } })).toBe(1);
  });

  it("the planner's version is refused when the author saved its base while the model ran", async () => {
    const { routineId, versionId, revision } = await draft();
    await saveRoutineDraft(signedIn(), {
      routineId,
      baseRevision: revision,
      routine: hr.routineCalling("update_employee_contact"),
    });
    await expect(
      saveOptimizedVersion(signedIn(), {
        routineId,
        basedOnVersionId: versionId,
        baseRevision: revision,
        routine: optimizedRoutine(),
        provenance: provenance(),
      }),
    ).rejects.toThrow(/The routine changed while the planner worked; nothing was saved/);
    expect(await prisma.routineVersion.count({ where: { routineId } })).toBe(1);
  });

  it("an approval whose content hash matched at its read is refused when the content changed before its write", async () => {
    const { routineId, versionId, revision } = await draft();
    await submitForReview(signedIn(), { routineId, baseRevision: revision });
    await as("reviewer");
    const seen = await getVersionReview(signedIn(), { routineId, number: 1 });
    const switched = JSON.stringify({ ...hr.routineCalling("update_employee_contact"), id: routineId });
    const approve = await whileAnotherConnectionCommits(
      `UPDATE "routine_version" SET "content" = ?, "revision" = "revision" + 1 WHERE "id" = ?`,
      [switched, versionId],
      () => decideReview(signedIn(), { versionId, contentHash: seen.contentHash, decision: "approve" }),
    );
    expect(approve.status).toBe("rejected");
    expect((approve as PromiseRejectedResult).reason).toBeInstanceOf(VersionChangedError);
    expect(await stored(versionId)).toMatchObject({ status: "in_review", content: switched });
    expect(await prisma.review.count({ where: { versionId } })).toBe(0);
  });
});
