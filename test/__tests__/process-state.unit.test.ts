import { afterEach, describe, expect, it, vi } from "vitest";
import { releaseProcessState, unknownHolders } from "../process-state";

// Database test files share a process (test/shared-process-runner.ts): what one file's modules left on globalThis
// must be stopped and gone before the next file starts.

const holders = globalThis as unknown as Record<string, unknown>;

afterEach(() => {
  for (const key of ["routineStudioRunWorker", "routineStudioPrisma", "routineStudioRunWrites", "routineStudioNew"])
    delete holders[key];
});

describe("releasing what a test file left in its process", () => {
  it("stops the run worker before the database client closes, and forgets both", async () => {
    const order: string[] = [];
    holders.routineStudioRunWorker = { stop: vi.fn(async () => void order.push("worker")) };
    holders.routineStudioPrisma = { $disconnect: vi.fn(async () => void order.push("prisma")) };
    await releaseProcessState();
    expect(order).toEqual(["worker", "prisma"]);
    expect(holders.routineStudioRunWorker).toBeUndefined();
    expect(holders.routineStudioPrisma).toBeUndefined();
  });

  it("waits for queued run writes to be committed", async () => {
    const queue = { pending: [1], scheduled: true };
    holders.routineStudioRunWrites = queue;
    setTimeout(() => Object.assign(queue, { pending: [], scheduled: false }), 30);
    await releaseProcessState();
    expect(queue.pending).toEqual([]);
  });

  it("still releases the rest when one holder fails to stop", async () => {
    const disconnect = vi.fn(async () => undefined);
    holders.routineStudioRunWorker = {
      stop: async () => {
        throw new Error("stuck");
      },
    };
    holders.routineStudioPrisma = { $disconnect: disconnect };
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await releaseProcessState();
    expect(disconnect).toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("routineStudioRunWorker: stuck"));
  });

  it("fails loudly on a holder it does not know, so a new one cannot leak into the next file", async () => {
    holders.routineStudioNew = {};
    expect(unknownHolders()).toEqual(["routineStudioNew"]);
    await expect(releaseProcessState()).rejects.toThrow(
      /routineStudioNew, which test\/process-state.ts does not release/,
    );
  });
});
