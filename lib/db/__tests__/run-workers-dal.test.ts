import { describe, expect, it } from "vitest";
import { ForbiddenError, UnauthenticatedError, type Viewer } from "../../access";
import { prisma } from "../core";
import {
  beatRunWorker,
  listRunWorkers,
  markRunWorkerStopped,
  pruneRunWorkers,
  registerRunWorker,
  type WorkerIdentity,
} from "../workers";

// What the workers page shows an admin: each worker's host, pid, runs in hand and a status derived from its beats.

const viewer = (roles: Viewer["roles"]): Viewer => ({ id: `u-${roles.join("-")}`, name: "Pat", email: "p@x", roles });
const admin = viewer(["admin"]);
const BEAT = 5_000;
let counter = 0;
const identity = (overrides: Partial<WorkerIdentity> = {}): WorkerIdentity => ({
  id: `host-${++counter}/${1000 + counter}/abcd`,
  host: `host-${counter}`,
  pid: 1000 + counter,
  concurrency: 4,
  ...overrides,
});
const at = (base: Date, offsetMs: number) => new Date(base.getTime() + offsetMs);
const clear = () => prisma.runWorkerProcess.deleteMany();

describe("worker heartbeats and the admins' list", () => {
  it("shows a registered worker alive with its host, pid, concurrency and the runs of its last beat", async () => {
    await clear();
    const now = new Date();
    const worker = identity({ concurrency: 8 });
    await registerRunWorker(worker, at(now, -20_000));
    await beatRunWorker(worker, ["run-1", "run-2"], at(now, -1_000));

    const [row, ...rest] = await listRunWorkers(admin, { now, heartbeatMs: BEAT });
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      id: worker.id,
      host: worker.host,
      pid: worker.pid,
      concurrency: 8,
      status: "alive",
      runIds: ["run-1", "run-2"],
      startedAt: at(now, -20_000),
      heartbeatAt: at(now, -1_000),
      stoppedAt: null,
    });
  });

  it("calls a worker lost after three missed beats, stopped after a clean stop, and lists alive ones first", async () => {
    await clear();
    const now = new Date();
    const late = identity();
    const lost = identity();
    const stopped = identity();
    for (const worker of [late, lost, stopped]) await registerRunWorker(worker, at(now, -60_000));
    await beatRunWorker(late, ["run-late"], at(now, -3 * BEAT));
    await beatRunWorker(lost, ["run-lost"], at(now, -3 * BEAT - 1));
    await beatRunWorker(stopped, ["run-x"], at(now, -1_000));
    await markRunWorkerStopped(stopped.id, at(now, -500));

    const rows = await listRunWorkers(admin, { now, heartbeatMs: BEAT });
    expect(rows.map((row) => [row.host, row.status, row.runIds])).toEqual([
      [late.host, "alive", ["run-late"]],
      [lost.host, "lost", ["run-lost"]],
      [stopped.host, "stopped", []],
    ]);
    expect(rows[2]!.stoppedAt).toEqual(at(now, -500));
  });

  it("shows a worker whose row is gone (a restored database) alive again at its next beat", async () => {
    await clear();
    const now = new Date();
    const worker = identity();
    await beatRunWorker(worker, ["run-1"], at(now, -100));
    const [row] = await listRunWorkers(admin, { now, heartbeatMs: BEAT });
    expect(row).toMatchObject({ id: worker.id, host: worker.host, status: "alive", runIds: ["run-1"] });
  });

  it("is for admins only: other roles get the usual forbidden error, nobody signed in the unauthenticated one", async () => {
    await expect(listRunWorkers(viewer(["operator", "author", "reviewer"]))).rejects.toBeInstanceOf(ForbiddenError);
    await expect(listRunWorkers(null)).rejects.toBeInstanceOf(UnauthenticatedError);
  });

  it("prunes rows of workers stopped or silent for over a day, and keeps the rest", async () => {
    await clear();
    const now = new Date();
    const DAY = 24 * 60 * 60 * 1000;
    const oldStopped = identity();
    const oldLost = identity();
    const recentlyStopped = identity();
    const recentlyLost = identity();
    const alive = identity();
    await registerRunWorker(oldStopped, at(now, -2 * DAY));
    await markRunWorkerStopped(oldStopped.id, at(now, -DAY - 1_000));
    await registerRunWorker(oldLost, at(now, -DAY - 1_000));
    await registerRunWorker(recentlyStopped, at(now, -2 * DAY));
    await markRunWorkerStopped(recentlyStopped.id, at(now, -DAY + 60_000));
    await registerRunWorker(recentlyLost, at(now, -DAY + 60_000));
    await registerRunWorker(alive, at(now, -2 * DAY));
    await beatRunWorker(alive, [], at(now, -1_000));

    expect(await pruneRunWorkers(now)).toBe(2);
    const left = await listRunWorkers(admin, { now, heartbeatMs: BEAT });
    expect(left.map((row) => row.id).sort()).toEqual([recentlyStopped.id, recentlyLost.id, alive.id].sort());
  });
});
