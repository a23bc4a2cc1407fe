import { describe, expect, it } from "vitest";
import { timeOrderedId } from "../run-ids";

describe("time-ordered ids of run events and variables", () => {
  it("are version-7 UUIDs that sort in the order they were made, and never repeat", () => {
    const ids = [0, 1, 2, 1_000, 86_400_000].map((offset) => timeOrderedId(Date.UTC(2026, 10, 25) + offset));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids);
    const sameMillisecond = new Set(Array.from({ length: 1_000 }, () => timeOrderedId(1_764_000_000_000)));
    expect(sameMillisecond.size).toBe(1_000);
  });
});
