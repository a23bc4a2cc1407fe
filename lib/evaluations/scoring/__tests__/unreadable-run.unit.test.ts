import { describe, expect, it } from "vitest";
import { readStoredRunEvent } from "../../../events";
import fixture from "../../../events/testing/stored-events.json";
import { readRunForScoring } from "..";

const stored = (seq: number, type: string, payload: unknown) =>
  readStoredRunEvent({ runId: "run-1", seq, at: "2026-11-01T00:00:00.000Z", type, payload: JSON.stringify(payload) });
const ref = { stepRunId: "sr-lookup", stepId: "lookup", iteration: 1 };
const call = stored(1, "step.tool_call", {
  _v: 1,
  ...ref,
  server: "hr",
  tool: "get_employee",
  arguments: { employee_id: "E-17" },
  byModel: false,
});
const branch = stored(2, "branch.taken", { stepId: "found", edgeId: "e1", label: "found", by: "expression" });

describe("reading a run for the checker", () => {
  it("reads the calls and the path of a run whose events all read", () => {
    expect(readRunForScoring([branch, call])).toMatchObject({
      readable: true,
      calls: [{ tool: "get_employee", arguments: { employee_id: "E-17" } }],
      path: ["found"],
    });
  });

  it("reports the run as unreadable, never judged on part of its events: an unknown type, a future version", () => {
    const unknown = stored(3, "step.exploded", { _v: 1 });
    const future = stored(4, "step.tool_call", { _v: 2, ...ref, server: "hr", tool: "delete_employee" });
    const read = readRunForScoring([call, branch, unknown, future]);
    expect(read.readable).toBe(false);
    expect(!read.readable && read.reason).toMatch(
      /^Could not read 2 of the run's events: #3 step\.exploded \(.+\); #4 step\.tool_call \(.*version 2.*\)$/,
    );
  });

  it("reads every stored event of the fixture, of every type and version, through the real reader", () => {
    const events = fixture.events.map((entry, index) => stored(index + 1, entry.type, entry.payload));
    const read = readRunForScoring(events);
    const calls = fixture.events.filter((entry) => entry.type === "step.tool_call");
    expect(read).toMatchObject({ readable: true, path: ["found"] });
    expect(read.readable && read.calls.map((each) => each.tool)).toEqual(calls.map((entry) => entry.payload.tool));
  });
});
