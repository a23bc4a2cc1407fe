// Group commit on PostgreSQL (issue #34, decision 0048): the commits of concurrent runs share one transaction and
// its batched statements, one NOTIFY tells the listeners about every run, and a run whose commit fails inside the
// group (a constraint, a lost lease) fails alone while the others commit and reach their streams. PostgreSQL only.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunEventInput } from "../../../events";
import { LeaseLostError, type RunChange } from "../../engine";
import { seedDatabase } from "../../../demo/seed";
import { demoUserId } from "../../../db/testing/review-test-support";
import { readEventsAfter, startRunEventRelay, stopRunEventRelay } from "../run-event-relay";
import { readRuns, writeRuns } from "../run-database";
import { RUN_EVENT_CHANNEL } from "../run-postgres";
import { sqlAll, sqlRun } from "../run-sql";
import { sqlTime } from "../run-sqlite";
import { createRunStore, loadRunSnapshot } from "../run-store";
import { publishedRoutine, queuedRun } from "../testing/run-test-support";
import { runFinishedEvent as finished, streamOf } from "../testing/run-streams";

const LEASE_MS = 30_000;
let routineId: string;
let ownerId: string;

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  ownerId = await demoUserId("author");
  ({ routineId } = await publishedRoutine({ ownerId }));
  // Streams in this process hear other runs' commits through NOTIFY alone (the periodic pass is off).
  startRunEventRelay({ ...process.env, RUN_EVENT_POLL_MS: "600000" });
});
afterAll(() => stopRunEventRelay());

/** `count` queued runs leased to `owner`, as a worker holds them. */
async function leasedRuns(count: number, owner: string): Promise<string[]> {
  const ids = await Promise.all(Array.from({ length: count }, () => queuedRun(routineId, { startedById: ownerId })));
  await writeRuns(() =>
    sqlRun(`UPDATE "run" SET "leaseOwner" = ?, "leaseUntil" = ? WHERE "id" = ANY(?)`, [
      owner,
      sqlTime(new Date(Date.now() + LEASE_MS)),
      ids,
    ]),
  );
  return ids;
}

/** A step's start and end in one commit, as the engine writes a quick step. */
function stepChange(stepRunId: string): { change: RunChange; events: RunEventInput[] } {
  const at = new Date();
  return {
    change: {
      run: { status: "running", startedAt: at, stepsExecuted: 1 },
      steps: [
        { id: stepRunId, stepId: "summarize", iteration: 1, state: "running", attempt: 1, startedAt: at },
        { id: `${stepRunId}-b`, stepId: "notify", iteration: 1, state: "pending" },
      ],
      variables: [{ key: `VAR_${stepRunId.slice(0, 8)}`, stepId: "summarize", value: "a long tool output" }],
    },
    events: [
      { type: "run.started", data: {} },
      { type: "step.started", data: { stepRunId, stepId: "summarize", iteration: 1, attempt: 1 } },
    ],
  };
}

/** The transaction that last wrote each run row (PostgreSQL's xmin). */
async function writers(runIds: string[]): Promise<Map<string, string>> {
  const rows = await readRuns(() =>
    sqlAll<{ id: string; writer: string }>(`SELECT "id", "xmin"::text AS "writer" FROM "run" WHERE "id" = ANY(?)`, [
      runIds,
    ]),
  );
  return new Map(rows.map((row) => [row.id, row.writer]));
}

describe("group commit on PostgreSQL", () => {
  it("commits concurrent runs' step commits in one transaction, each run numbered and ordered on its own", async () => {
    const owner = `worker-${randomUUID()}`;
    const runIds = await leasedRuns(12, owner);
    const store = createRunStore({ owner, leaseMs: LEASE_MS });
    const stored = await Promise.all(
      runIds.map((runId) => {
        const { change, events } = stepChange(randomUUID());
        return store.commit(runId, change, events);
      }),
    );
    // One transaction wrote every run row.
    expect(new Set((await writers(runIds)).values()).size).toBe(1);
    for (const [index, runId] of runIds.entries()) {
      expect(stored[index]!.map((event) => [event.runId, event.seq, event.type])).toEqual([
        [runId, 2, "run.started"],
        [runId, 3, "step.started"],
      ]);
      const snapshot = (await loadRunSnapshot(runId))!;
      expect(snapshot).toMatchObject({ status: "running", lastSeq: 3, stepsExecuted: 1 });
      // Both step runs, in the change's order, with the run's own ordinals.
      expect(snapshot.steps.map((step) => [step.stepId, step.state])).toEqual([
        ["summarize", "running"],
        ["notify", "pending"],
      ]);
      expect((await readEventsAfter(runId, 0, 10)).map((event) => event.seq)).toEqual([1, 2, 3]);
    }
    const variables = await readRuns(() =>
      sqlAll<{ runId: string }>(`SELECT "runId" FROM "variable" WHERE "runId" = ANY(?)`, [runIds]),
    );
    expect(variables).toHaveLength(12);
  });

  it("tells listeners about every run of a group in one notification", async () => {
    const owner = `worker-${randomUUID()}`;
    const runIds = await leasedRuns(8, owner);
    const store = createRunStore({ owner, leaseMs: LEASE_MS });
    const listener = new pg.Client({ connectionString: process.env.DATABASE_URL });
    const payloads: string[] = [];
    listener.on("notification", (message) => payloads.push(message.payload ?? ""));
    await listener.connect();
    try {
      await listener.query(`LISTEN ${RUN_EVENT_CHANNEL}`);
      await Promise.all(runIds.map((runId) => store.commit(runId, {}, [{ type: "run.started", data: {} }])));
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      await listener.end();
    }
    expect(payloads).toHaveLength(1);
    expect(payloads[0]!.split("\n").sort()).toEqual(runIds.map((runId) => `${runId} 2`).sort());
  });

  it("rolls back a run whose commit fails inside the group alone: the others commit and their streams see them", async () => {
    const owner = `worker-${randomUUID()}`;
    const runIds = await leasedRuns(6, owner);
    const [broken, stolen] = [runIds[2]!, runIds[4]!];
    // A constraint: an event row already holds the seq the broken run's commit takes next.
    await writeRuns(() =>
      sqlRun(
        `INSERT INTO "run_event" ("id", "runId", "seq", "type", "payload", "at") VALUES (?, ?, 2, 'note', '{}', ?)`,
        [randomUUID(), broken, sqlTime(new Date())],
      ),
    );
    // A lost lease: another worker holds the stolen run now.
    await writeRuns(() => sqlRun(`UPDATE "run" SET "leaseOwner" = 'another-worker' WHERE "id" = ?`, [stolen]));
    const good = runIds.filter((runId) => runId !== broken && runId !== stolen);
    const streams = good.map(streamOf);

    const store = createRunStore({ owner, leaseMs: LEASE_MS });
    const results = await Promise.allSettled(
      runIds.map((runId) => {
        const { change, events } = stepChange(randomUUID());
        return store.commit(runId, change, [...events, finished]);
      }),
    );

    expect(results.map((result) => result.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "rejected",
      "fulfilled",
      "rejected",
      "fulfilled",
    ]);
    expect(String((results[2] as PromiseRejectedResult).reason)).not.toMatch(/lease/i);
    expect((results[4] as PromiseRejectedResult).reason).toBeInstanceOf(LeaseLostError);
    // The others committed whole, and their live streams (woken by NOTIFY) saw every event to the end.
    expect(await Promise.all(streams)).toEqual(good.map(() => [1, 2, 3, 4]));
    for (const runId of good) expect((await loadRunSnapshot(runId))!.steps).toHaveLength(2);
    // Nothing of the failed ones was written: no step run, no variable, the run row as it was.
    for (const runId of [broken, stolen]) {
      const snapshot = (await loadRunSnapshot(runId))!;
      expect(snapshot).toMatchObject({ status: "queued", lastSeq: 1, stepsExecuted: 0 });
      expect(snapshot.steps).toEqual([]);
    }
    const variables = await readRuns(() =>
      sqlAll<{ runId: string }>(`SELECT "runId" FROM "variable" WHERE "runId" = ANY(?)`, [[broken, stolen]]),
    );
    expect(variables).toEqual([]);
  });
});
