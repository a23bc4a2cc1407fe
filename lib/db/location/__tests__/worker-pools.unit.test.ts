import { describe, expect, it } from "vitest";
import { applyWorkerPoolDefaults } from "../worker-pools";

describe("a standalone worker's pool sizes", () => {
  it("starts with small pools when none is set, and keeps the sizes an operator set", () => {
    const unset: Record<string, string | undefined> = { DATABASE_POOL_MAX: " " };
    applyWorkerPoolDefaults(unset);
    expect(unset).toEqual({ DATABASE_POOL_MAX: "4", RUN_DB_POOL_MAX: "5" });
    const set: Record<string, string | undefined> = { DATABASE_POOL_MAX: "12", RUN_DB_POOL_MAX: "20" };
    applyWorkerPoolDefaults(set);
    expect(set).toEqual({ DATABASE_POOL_MAX: "12", RUN_DB_POOL_MAX: "20" });
  });
});
