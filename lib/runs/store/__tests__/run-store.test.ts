import { payloadData } from "../../../events/testing/stored-payload";
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { LeaseLostError, type RunStore } from "../../engine";
import { prisma } from "../../../db/core";
import { claimRuns, claimRunsById, releaseLease, renewLeases } from "../run-leases";
import { writeRuns } from "../run-database";
import { sqlTime } from "../run-sqlite";
import { sqlRun } from "../run-sql";
import { createRunStore, loadRunSnapshot } from "../run-store";
import { applyRunChange } from "../run-writes";
import { seedDatabase } from "../../../demo/seed";
import { demoUserId } from "../../../db/testing/review-test-support";
import { publishedRoutine, queuedRun, runTables } from "../testing/run-test-support";

let ownerId: string;
let routineId: string;
const LEASE_MS = 30_000;
const storeFor = (owner: string) => createRunStore({ owner, leaseMs: LEASE_MS });

/** A queued run claimed by `owner`, with the store that owner commits through. */
async function claimed(
  owner = `worker-${randomUUID()}`,
  request?: string,
): Promise<{ runId: string; store: RunStore; owner: string }> {
  const runId = await queuedRun(routineId, { startedById: ownerId, request });
  await writeRuns(() =>
    sqlRun(`UPDATE "run" SET "leaseOwner" = ?, "leaseUntil" = ? WHERE "id" = ?`, [
      owner,
      sqlTime(new Date(Date.now() + LEASE_MS)),
      runId,
    ]),
  );
  return { runId, store: storeFor(owner), owner };
}

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  ownerId = await demoUserId("author");
  ({ routineId } = await publishedRoutine({ ownerId }));
});

describe("the run store", () => {
  it("round-trips a commit through load: run fields, step runs, variables and numbered events", async () => {
    const { runId, store } = await claimed();
    const startedAt = new Date("2026-11-23T10:00:00.000Z");
    const events = await store.commit(
      runId,
      {
        run: { status: "running", startedAt, inputTokens: 12, outputTokens: 3, stepsExecuted: 1 },
        steps: [
          {
            id: "sr-1",
            stepId: "summarize",
            iteration: 1,
            state: "succeeded",
            attempt: 1,
            input: { text: "fire" },
            output: { summary: { $var: "VAR_summarize_1", preview: "Fi…" } },
            outputRef: "VAR_summarize_1",
            tool: { server: "hr", name: "summarize_ticket" },
            approval: { by: "Olive Operator", at: startedAt.toISOString(), inputDigest: "sha256:0a1b" },
            startedAt,
            finishedAt: startedAt,
          },
        ],
        variables: [{ key: "VAR_summarize_1", stepId: "summarize", value: "Fire in the printer room" }],
      },
      [
        { type: "run.started", data: {} },
        { type: "step.started", data: { stepRunId: "sr-1", stepId: "summarize", iteration: 1, attempt: 1 } },
      ],
    );
    expect(events.map((event) => [event.seq, event.type])).toEqual([
      [2, "run.started"],
      [3, "step.started"],
    ]);
    expect(events[0]!.data).toEqual({ resumed: false });

    const snapshot = await store.load(runId);
    expect(snapshot).toMatchObject({
      id: runId,
      routineId,
      status: "running",
      inputTokens: 12,
      outputTokens: 3,
      stepsExecuted: 1,
      lastSeq: 3,
      control: null,
      inputs: { ticket: "The printer is on fire." },
    });
    expect(snapshot!.startedAt).toEqual(startedAt);
    expect(snapshot!.routine.steps.map((step) => step.id)).toEqual(["summarize", "done"]);
    expect(snapshot!.steps).toEqual([
      {
        id: "sr-1",
        stepId: "summarize",
        iteration: 1,
        state: "succeeded",
        attempt: 1,
        input: { text: "fire" },
        output: { summary: { $var: "VAR_summarize_1", preview: "Fi…" } },
        outputRef: "VAR_summarize_1",
        tool: { server: "hr", name: "summarize_ticket" },
        approval: { by: "Olive Operator", at: startedAt.toISOString(), inputDigest: "sha256:0a1b" },
        error: null,
        inputTokens: 0,
        outputTokens: 0,
        startedAt,
        finishedAt: startedAt,
      },
    ]);
    expect(await store.readVariable(runId, "VAR_summarize_1")).toBe("Fire in the printer room");
    expect(await store.readVariable(runId, "VAR_nope")).toBeNull();
    // Prisma reads what the store wrote.
    const row = await prisma.run.findUniqueOrThrow({ where: { id: runId } });
    expect(row.startedAt).toEqual(startedAt);
    expect(row.leaseUntil!.getTime()).toBeGreaterThan(Date.now());
  });

  it("updates only the fields a change names, keeping a step run's other fields", async () => {
    const { runId, store } = await claimed();
    await store.commit(
      runId,
      { steps: [{ id: "a", stepId: "summarize", iteration: 1, state: "running", attempt: 1, input: { text: "x" } }] },
      [],
    );
    await store.commit(
      runId,
      {
        run: { control: null },
        steps: [{ id: "a", stepId: "summarize", iteration: 1, state: "failed", error: "Boom" }],
      },
      [],
    );
    const snapshot = (await loadRunSnapshot(runId))!;
    expect(snapshot.steps[0]).toMatchObject({ state: "failed", attempt: 1, input: { text: "x" }, error: "Boom" });
    expect(snapshot.status).toBe("queued");
  });

  it("writes nothing when an event insert fails: run, steps, variables and earlier events roll back together", async () => {
    const { runId, store } = await claimed();
    // Another writer took seq 3 (the second event of the commit below), so that insert fails on the unique index.
    await prisma.runEvent.create({ data: { id: randomUUID(), runId, seq: 3, type: "run.status", payload: "{}" } });
    const before = await runTables();
    await expect(
      store.commit(
        runId,
        {
          run: { status: "running" },
          steps: [{ id: randomUUID(), stepId: "summarize", iteration: 1, state: "running" }],
          variables: [{ key: "VAR_x", stepId: "summarize", value: "v" }],
        },
        [
          { type: "run.started", data: {} },
          { type: "progress.updated", data: { done: [], current: "summarize" } },
        ],
      ),
    ).rejects.toThrow(/UNIQUE|duplicate key/);
    expect(await runTables()).toEqual(before);
  });

  it("refuses an invalid event before writing anything", async () => {
    const { runId, store } = await claimed();
    const before = await runTables();
    await expect(
      store.commit(runId, { run: { status: "running" } }, [
        { type: "step.started", data: { stepRunId: "x" } } as never,
      ]),
    ).rejects.toThrow(/Invalid step.started event/);
    expect(await runTables()).toEqual(before);
  });

  it("numbers events contiguously when the engine and an operator's change commit at the same time", async () => {
    const { runId, store } = await claimed();
    const engine = Array.from({ length: 20 }, (_, index) =>
      store.commit(runId, {}, [{ type: "progress.updated", data: { done: [], current: `s${index}` } }]),
    );
    const operator = Array.from({ length: 20 }, () =>
      writeRuns(() =>
        applyRunChange(
          runId,
          { run: { control: "pause" } },
          [{ type: "run.status", data: { status: "running", reason: "pause requested" } }],
          { owner: null },
        ),
      ),
    );
    await Promise.all([...engine, ...operator]);
    const seqs = (
      await prisma.runEvent.findMany({ where: { runId }, orderBy: { seq: "asc" }, select: { seq: true } })
    ).map((event) => event.seq);
    expect(seqs).toEqual(Array.from({ length: 41 }, (_, index) => index + 1));
    expect((await loadRunSnapshot(runId))!.lastSeq).toBe(41);
  });

  it("throws LeaseLostError and writes nothing once another worker holds the run", async () => {
    const { runId, store } = await claimed("worker-a");
    await writeRuns(() => sqlRun(`UPDATE "run" SET "leaseOwner" = 'worker-b' WHERE "id" = ?`, [runId]));
    const before = await runTables();
    await expect(
      store.commit(runId, { run: { status: "running" } }, [{ type: "run.started", data: {} }]),
    ).rejects.toBeInstanceOf(LeaseLostError);
    expect(await runTables()).toEqual(before);
  });

  it("ends the lease in the commit that finishes a run, so a worker killed right after leaves no lease behind", async () => {
    const { runId, store } = await claimed();
    await store.commit(runId, { run: { status: "running" } }, []);
    expect((await prisma.run.findUniqueOrThrow({ where: { id: runId } })).leaseOwner).not.toBeNull();
    await store.commit(runId, { run: { status: "succeeded", finishedAt: new Date() } }, []);
    const row = await prisma.run.findUniqueOrThrow({ where: { id: runId } });
    expect([row.status, row.leaseOwner, row.leaseUntil]).toEqual(["succeeded", null, null]);
  });

  it("commits the writes of many runs requested at once together, a refused one rolling back alone", async () => {
    const runs = await Promise.all(Array.from({ length: 5 }, () => claimed("worker-group")));
    await writeRuns(() => sqlRun(`UPDATE "run" SET "leaseOwner" = 'thief' WHERE "id" = ?`, [runs[2]!.runId]));
    const results = await Promise.allSettled(
      runs.map(({ runId, store }) =>
        store.commit(runId, { run: { status: "running" } }, [{ type: "run.started", data: {} }]),
      ),
    );
    expect(results.map((result) => result.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "rejected",
      "fulfilled",
      "fulfilled",
    ]);
    expect((results[2] as PromiseRejectedResult).reason).toBeInstanceOf(LeaseLostError);
    const snapshots = await Promise.all(runs.map(({ runId }) => loadRunSnapshot(runId)));
    expect(snapshots.map((snapshot) => snapshot!.status)).toEqual([
      "running",
      "running",
      "queued",
      "running",
      "running",
    ]);
    expect(snapshots.map((snapshot) => snapshot!.lastSeq)).toEqual([2, 2, 1, 2, 2]);
  });

  it("keeps a Prisma transaction that reads and then writes whole while run commits land in between", async () => {
    const { runId, store } = await claimed();
    let committing: Array<Promise<unknown>> = [];
    await prisma.$transaction(async (tx) => {
      const routine = await tx.routine.findUniqueOrThrow({ where: { id: routineId } });
      // The engine commits while this transaction has read and not yet written (its snapshot is taken).
      committing = Array.from({ length: 10 }, (_, index) =>
        store.commit(runId, {}, [{ type: "progress.updated", data: { done: [], current: `s${index}` } }]),
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
      await tx.routine.update({ where: { id: routineId }, data: { description: `${routine.description}.` } });
    });
    await Promise.all(committing);
    expect((await loadRunSnapshot(runId))!.lastSeq).toBe(11);
  });

  it("starts a sub-routine once per parent step run, on the parent's request, and reports its outcome", async () => {
    const { runId, store } = await claimed(undefined, "The printer on floor 3 is on fire.");
    const child = await store.startChildRun({ runId, stepRunId: "sr-parent" }, routineId, { ticket: "nested" });
    expect(await store.startChildRun({ runId, stepRunId: "sr-parent" }, routineId, { ticket: "nested" })).toBe(child);
    expect(await store.childRun(child)).toEqual({ status: "queued", outputs: null, error: null });
    const row = await prisma.run.findUniqueOrThrow({ where: { id: child } });
    expect(row).toMatchObject({
      parentRunId: runId,
      parentStepRunId: "sr-parent",
      startedById: ownerId,
      source: "subroutine",
      status: "queued",
      lastSeq: 1,
      // The child's executor reads what the person asked, as the parent's does.
      request: "The printer on floor 3 is on fire.",
    });
    expect(await store.childRun("no-such-run")).toBeNull();
  });

  it("wakes a parent waiting on a sub-routine when the child finishes, in the same transaction", async () => {
    const { runId, store } = await claimed();
    await store.commit(runId, { run: { status: "waiting" } }, [{ type: "run.status", data: { status: "waiting" } }]);
    const childId = await store.startChildRun({ runId, stepRunId: "sr-wait" }, routineId, { ticket: "nested" });
    const [childOwner] = await claimRuns("child-worker", 10, LEASE_MS);
    expect(childOwner).toBeDefined();
    const childStore = storeFor("child-worker");
    await childStore.commit(
      childId,
      { run: { status: "succeeded", outputs: { summary: "done" }, finishedAt: new Date() } },
      [
        {
          type: "run.finished",
          data: { status: "succeeded", durationMs: 5, inputTokens: 0, outputTokens: 0, outputs: { summary: "done" } },
        },
      ],
    );
    expect(await store.childRun(childId)).toEqual({ status: "succeeded", outputs: { summary: "done" }, error: null });
    const parent = await prisma.run.findUniqueOrThrow({ where: { id: runId } });
    expect(parent.status).toBe("queued");
    const last = await prisma.runEvent.findFirstOrThrow({ where: { runId }, orderBy: { seq: "desc" } });
    expect([last.type, payloadData(last.payload)]).toEqual([
      "run.status",
      { status: "queued", reason: "A sub-routine finished." },
    ]);
  });
});

describe("leases", () => {
  it("gives each runnable run to one worker, however many claim at once, and takes back expired ones", async () => {
    await prisma.run.updateMany({ where: { status: { in: ["queued", "running"] } }, data: { status: "cancelled" } });
    const ids = await Promise.all(Array.from({ length: 6 }, () => queuedRun(routineId)));
    const claims = await Promise.all(["w1", "w2", "w3"].map((owner) => claimRuns(owner, 4, LEASE_MS)));
    expect(claims.flat().sort()).toEqual([...ids].sort());
    expect(await claimRuns("w4", 10, LEASE_MS)).toEqual([]);

    // A worker that claimed some died (on PostgreSQL any of the three may have been first): its running run's lease
    // expires and the next worker resumes it.
    const dead = claims.findIndex((claimed) => claimed.length > 0);
    const deadOwner = ["w1", "w2", "w3"][dead]!;
    const [mine] = claims[dead]!;
    await prisma.run.update({ where: { id: mine }, data: { status: "running" } });
    await prisma.run.updateMany({
      where: { id: { in: ids.filter((id) => id !== mine) } },
      data: { status: "succeeded" },
    });
    expect(await renewLeases(deadOwner, [mine!], LEASE_MS)).toEqual([]);
    expect(await claimRuns("w4", 10, LEASE_MS, new Date(Date.now() + LEASE_MS + 1))).toEqual([mine]);
    expect(await renewLeases(deadOwner, [mine!], LEASE_MS)).toEqual([mine]);

    await releaseLease("w4", mine!);
    expect(await claimRuns("w5", 10, LEASE_MS)).toEqual([mine]);
  });

  it("takes the runs jobs name only when they are runnable and free, each for one worker", async () => {
    const [free, held, done] = await Promise.all(Array.from({ length: 3 }, () => queuedRun(routineId)));
    expect(await claimRunsById("w6", [held!], LEASE_MS)).toEqual([held]);
    await prisma.run.update({ where: { id: done! }, data: { status: "succeeded" } });
    const claims = await Promise.all(
      ["w7", "w8"].map((owner) => claimRunsById(owner, [free!, held!, done!, "no-such-run"], LEASE_MS)),
    );
    expect(claims.flat()).toEqual([free]);
  });
});
