import { describe, expect, it } from "vitest";
import { computeBackoffMs } from "../backoff";
import { configKey, hashOf, stableStringify } from "../hash";
import type { ToolServerConfig } from "../types";

const base: ToolServerConfig = {
  id: "hr",
  name: "HR",
  transport: { kind: "http", url: "http://127.0.0.1:1/mcp", bearerToken: "t1" },
};

describe("configKey", () => {
  it("ignores key order but not content", () => {
    const reordered = {
      transport: { bearerToken: "t1", url: "http://127.0.0.1:1/mcp", kind: "http" },
      name: "HR",
      id: "hr",
    } as ToolServerConfig;
    expect(configKey(reordered)).toBe(configKey(base));
    expect(
      configKey({ ...base, transport: { kind: "http", url: "http://127.0.0.1:1/mcp", bearerToken: "t2" } }),
    ).not.toBe(configKey(base));
    expect(configKey({ ...base, name: "People" })).not.toBe(configKey(base));
  });

  it("starts with the server id and never contains the token", () => {
    expect(configKey(base)).toMatch(/^hr:[0-9a-f]{32}$/);
    expect(configKey(base)).not.toContain("t1");
  });

  it("hashes nested arrays and objects stably", () => {
    expect(stableStringify({ b: [{ y: 1, x: 2 }], a: null })).toBe('{"a":null,"b":[{"x":2,"y":1}]}');
    expect(hashOf({ a: 1, b: 2 })).toBe(hashOf({ b: 2, a: 1 }));
  });
});

describe("computeBackoffMs", () => {
  const policy = { initialMs: 250, maxMs: 5_000 };

  it("doubles per failure up to the cap, within the jitter band", () => {
    const low = [1, 2, 3, 4, 5, 6, 10].map((n) => computeBackoffMs(n, policy, () => 0));
    const high = [1, 2, 3, 4, 5, 6, 10].map((n) => computeBackoffMs(n, policy, () => 1));
    expect(low).toEqual([125, 250, 500, 1000, 2000, 2500, 2500]);
    expect(high).toEqual([250, 500, 1000, 2000, 4000, 5000, 5000]);
  });

  it("waits nothing before any failure", () => {
    expect(computeBackoffMs(0, policy)).toBe(0);
  });
});
