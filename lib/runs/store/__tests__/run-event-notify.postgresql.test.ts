// Events across processes on PostgreSQL (issue #17): a commit's NOTIFY (run id and seq) wakes the relay of every web
// process, which reads the rows; a relay whose LISTEN connection was lost still catches up. PostgreSQL only.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { RunEventInput } from "../../../events";
import { seedDatabase } from "../../../demo/seed";
import { demoUserId } from "../../../db/testing/review-test-support";
import { readPostgresEventsAfter, startRunEventRelay, stopRunEventRelay } from "../run-event-relay";
import { readRuns, writeRuns } from "../run-database";
import { sqlAll } from "../run-sql";
import { applyRunChange } from "../run-writes";
import { publishedRoutine, queuedRun } from "../testing/run-test-support";
import { runFinishedEvent as finished, streamOf } from "../testing/run-streams";

let routineId: string;

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  ({ routineId } = await publishedRoutine({ ownerId: await demoUserId("author") }));
  // The periodic pass is off for the length of the test: only notifications (and reconnects) wake the relay.
  startRunEventRelay({ ...process.env, RUN_EVENT_POLL_MS: "600000" });
});
afterAll(() => stopRunEventRelay());

/** Commits events the way a worker in another process does: stored in the tables, never published on this bus. */
async function commitElsewhere(runId: string, event: RunEventInput): Promise<void> {
  await writeRuns(() => applyRunChange(runId, {}, [event], { owner: null }));
}

const status = (reason: string) => ({ type: "run.status", data: { status: "running", reason } }) as RunEventInput;

/** Ends the relay's LISTEN connection from the server side, as a restart or a network cut would. */
async function dropListenConnection(): Promise<number> {
  const rows = await readRuns(() =>
    sqlAll<{ ended: boolean }>(
      `SELECT pg_terminate_backend("pid") AS "ended" FROM pg_stat_activity WHERE "datname" = current_database() AND "query" LIKE 'LISTEN %'`,
    ),
  );
  return rows.length;
}

describe("run events on PostgreSQL", () => {
  it("reach a stream in this process when another process commits them, woken by NOTIFY alone", async () => {
    const runId = await queuedRun(routineId);
    const seqs = streamOf(runId);
    await commitElsewhere(runId, status("first"));
    await commitElsewhere(runId, status("second"));
    await commitElsewhere(runId, finished);
    // The periodic pass is off: without the notifications the stream would never end.
    expect(await seqs).toEqual([1, 2, 3, 4]);
  });

  it("catch up on events committed while the LISTEN connection was down, once it is back", async () => {
    const runId = await queuedRun(routineId);
    const seqs = streamOf(runId);
    await vi.waitFor(async () => expect(await dropListenConnection()).toBe(1), { timeout: 3_000 });
    // Committed at once, while the relay has no connection to hear the notifications on.
    await commitElsewhere(runId, status("while away"));
    await commitElsewhere(runId, finished);
    expect(await seqs).toEqual([1, 2, 3]);
  });

  it("are read for many runs in one call, each from its own seq and at most a page", async () => {
    const [first, second, quiet] = [await queuedRun(routineId), await queuedRun(routineId), await queuedRun(routineId)];
    for (const reason of ["a", "b", "c", "d"]) await commitElsewhere(first, status(reason));
    await commitElsewhere(second, status("only"));
    const read = await readPostgresEventsAfter(
      [
        { runId: first, afterSeq: 1 },
        { runId: second, afterSeq: 0 },
        { runId: quiet, afterSeq: 1 },
        { runId: "no-such-run", afterSeq: 0 },
      ],
      3,
    );
    const seqs = (runId: string) => read.get(runId)?.map((event) => `${event.seq} ${event.type}`);
    expect(seqs(first)).toEqual(["2 run.status", "3 run.status", "4 run.status"]);
    expect(seqs(second)).toEqual(["1 run.queued", "2 run.status"]);
    expect(seqs(quiet)).toEqual([]);
    expect(seqs("no-such-run")).toEqual([]);
    expect(read.get(first)?.[0]).toMatchObject({ runId: first, data: { reason: "a" } });
  });
});
