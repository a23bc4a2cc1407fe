import { describe, expect, it } from "vitest";
import { edge, endStep, makeRoutine, toolStep } from "../../routine/testing/factories";
import { pinToolHashes, readToolPins, toolChanges } from "../pins";

const routine = makeRoutine({
  steps: [
    toolStep({ id: "a", tool: { server: "hr", name: "get_leave_balance" } }),
    toolStep({ id: "b", tool: { server: "hr", name: "apply_leave" } }),
    endStep({ id: "end" }),
  ],
  edges: [edge("a", "b"), edge("b", "end")],
});

describe("tool pins", () => {
  const current = new Map([
    ["hr/get_leave_balance", "sha256:new-balance"],
    ["hr/apply_leave", "sha256:apply"],
    ["hr/get_employee", "sha256:employee"],
  ]);

  it("pins newly used tools to the current hash and keeps earlier pins until accepted", () => {
    const pins = pinToolHashes(
      routine,
      { "hr/get_leave_balance": "sha256:old-balance", "hr/get_employee": "sha256:employee" },
      current,
    );
    expect(pins).toEqual({ "hr/get_leave_balance": "sha256:old-balance", "hr/apply_leave": "sha256:apply" });
    expect(pinToolHashes(routine, pins, current, { acceptCurrent: true })).toEqual({
      "hr/get_leave_balance": "sha256:new-balance",
      "hr/apply_leave": "sha256:apply",
    });
  });

  it("does not pin tools the catalog does not know", () => {
    expect(pinToolHashes(routine, {}, new Map())).toEqual({});
  });

  it("reports changed and removed tools, and nothing when pins match", () => {
    const pins = {
      "hr/get_leave_balance": "sha256:old-balance",
      "hr/apply_leave": "sha256:apply",
      "hr/gone": "sha256:gone",
    };
    expect(toolChanges(pins, current)).toEqual([
      {
        server: "hr",
        name: "get_leave_balance",
        change: "changed",
        pinnedHash: "sha256:old-balance",
        currentHash: "sha256:new-balance",
      },
      { server: "hr", name: "gone", change: "removed", pinnedHash: "sha256:gone", currentHash: null },
    ]);
    expect(toolChanges({ "hr/apply_leave": "sha256:apply" }, current)).toEqual([]);
  });

  it("reads malformed stored pins as none", () => {
    expect(readToolPins("not json")).toEqual({});
    expect(readToolPins("[1,2]")).toEqual({});
    expect(readToolPins('{"hr/a":"h","hr/b":3}')).toEqual({ "hr/a": "h" });
    expect(readToolPins(null)).toEqual({});
  });
});
