import { describe, expect, it } from "vitest";
import { batchedCalls } from "../run-batched-calls";

describe("batched calls", () => {
  it("answers the calls of one turn with one call, each with its own key's answer, and the rest in the next", async () => {
    const batches: string[][] = [];
    const read = batchedCalls(async (keys: string[]) => {
      batches.push(keys);
      return new Map(keys.filter((key) => key !== "unknown").map((key) => [key, key.toUpperCase()]));
    });
    const first = Promise.all([read("a"), read("b"), read("a"), read("unknown")]);
    const later = read("c");
    expect(await first).toEqual(["A", "B", "A", undefined]);
    expect(await later).toBe("C");
    expect(batches).toEqual([["a", "b", "unknown", "c"]]);
    expect(await read("d")).toBe("D");
    expect(batches).toHaveLength(2);
  });

  it("rejects every call of a batch whose call failed, and goes on with the next", async () => {
    let fail = true;
    const read = batchedCalls(async (keys: number[]) => {
      if (fail) throw new Error("database away");
      return new Map(keys.map((key) => [key, key * 2]));
    });
    const failed = await Promise.allSettled([read(1), read(2)]);
    expect(failed.map((outcome) => outcome.status)).toEqual(["rejected", "rejected"]);
    fail = false;
    expect(await read(3)).toBe(6);
  });
});
