import { describe, expect, it } from "vitest";
import { contentHash } from "../content-hash";

describe("contentHash", () => {
  it("is the same whatever the order of object keys", () => {
    expect(contentHash({ a: 1, b: { c: [1, 2], d: "x" } })).toBe(contentHash({ b: { d: "x", c: [1, 2] }, a: 1 }));
  });

  it("changes with any value, and with the order of an array", () => {
    const base = contentHash({ steps: [{ tool: "get_employee" }, { tool: "send_email" }] });
    expect(contentHash({ steps: [{ tool: "update_employee_contact" }, { tool: "send_email" }] })).not.toBe(base);
    expect(contentHash({ steps: [{ tool: "send_email" }, { tool: "get_employee" }] })).not.toBe(base);
  });

  it("reads as sha256 with 64 hex digits", () => {
    expect(contentHash(null)).toMatch(/^sha256:[0-9a-f]{64}$/);
  });
});
