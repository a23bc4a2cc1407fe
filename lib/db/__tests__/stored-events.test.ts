import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "../core";
import { seedDatabase } from "../../demo/seed";
import { demoUserId } from "../testing/review-test-support";
import { judgeRun } from "../../evaluations/driver";
import { storedRunEvent } from "../../runs/store";
import { readEventsAfter } from "../../runs/store/testing/run-sql-access";
import { publishedRoutine, queuedRun } from "../../runs/store/testing/run-test-support";
import fixture from "../../events/testing/stored-events.json";

let routineId: string;

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  ({ routineId } = await publishedRoutine({ ownerId: await demoUserId("author") }));
});

/** A queued run (its run.queued written by the run store) with `rows` stored after it, as another build left them. */
async function runWithRows(rows: Array<{ type: string; payload: unknown }>, status = "queued"): Promise<string> {
  const runId = await queuedRun(routineId);
  await prisma.runEvent.createMany({
    data: rows.map((row, index) => ({
      id: randomUUID(),
      runId,
      seq: index + 2,
      type: row.type,
      payload: typeof row.payload === "string" ? row.payload : JSON.stringify(row.payload),
    })),
  });
  await prisma.run.update({ where: { id: runId }, data: { lastSeq: rows.length + 1, status } });
  return runId;
}

const readRows = (runId: string) =>
  prisma.runEvent
    .findMany({ where: { runId }, orderBy: { seq: "asc" }, select: { seq: true, type: true, payload: true, at: true } })
    .then((rows) => rows.map((row) => storedRunEvent(runId, row)));

describe("stored run events in the database", () => {
  it("are written stamped with their type's version by the run store, and read back", async () => {
    const runId = await queuedRun(routineId);
    const row = await prisma.runEvent.findFirstOrThrow({ where: { runId, seq: 1 } });
    expect(row.type).toBe("run.queued");
    expect(JSON.parse(row.payload)).toMatchObject({ _v: 1, routineId });
    expect(await readRows(runId)).toMatchObject([{ seq: 1, type: "run.queued", data: { routineId } }]);
  });

  it("replay from real rows, through Prisma and through the run store's own read, as the fixture says", async () => {
    const runId = await runWithRows(fixture.events);
    const expected = fixture.events.map((entry, index) => ({
      runId,
      seq: index + 2,
      type: entry.type,
      data: entry.data,
    }));
    const viaPrisma = (await readRows(runId)).slice(1);
    expect(viaPrisma).toMatchObject(expected);
    const viaStore = await readEventsAfter(runId, 1, 500);
    expect(viaStore).toMatchObject(expected);
    expect(viaStore.map((event) => event.at)).toEqual(viaPrisma.map((event) => event.at));
  });

  it("come back in their place as unreadable when of an unknown type or from a future version", async () => {
    const runId = await runWithRows([
      { type: "step.exploded", payload: { _v: 1, stepId: "x" } },
      { type: "run.status", payload: { _v: 4, status: "running" } },
      { type: "run.status", payload: "not json" },
    ]);
    expect(await readEventsAfter(runId, 0, 10)).toMatchObject([
      { seq: 1, type: "run.queued" },
      { seq: 2, type: "unreadable", data: { type: "step.exploded", version: null } },
      { seq: 3, type: "unreadable", data: { type: "run.status", version: 4 } },
      { seq: 4, type: "unreadable", data: { type: "run.status", reason: "Its payload is not JSON." } },
    ]);
  });

  it("make an evaluation case unreadable, not a score, when the run has one it cannot read", async () => {
    const finished = { _v: 1, status: "succeeded", durationMs: 5, inputTokens: 0, outputTokens: 0 };
    const readable = await runWithRows([{ type: "run.finished", payload: finished }], "succeeded");
    const expectation = { expectedCalls: [], expectedPath: [], strict: false };
    expect(await judgeRun(readable, expectation, {})).toMatchObject({ status: "passed" });
    const damaged = await runWithRows(
      [
        { type: "step.tool_call", payload: { _v: 3, stepRunId: "sr", stepId: "lookup", iteration: 1 } },
        { type: "run.finished", payload: finished },
      ],
      "succeeded",
    );
    const judged = await judgeRun(damaged, expectation, {});
    expect(judged).toMatchObject({ status: "error", verdict: null });
    expect(judged.error).toMatch(/^Could not read 1 of the run's events: #2 step\.tool_call \(.*version 3/);
  });
});
