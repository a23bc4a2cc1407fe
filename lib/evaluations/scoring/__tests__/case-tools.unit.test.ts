import { describe, expect, it } from "vitest";
import { caseToolProblems } from "../case-tools";

const call = (tool: string) => ({ tool, arguments: {} });

describe("caseToolProblems", () => {
  it("is empty when every tool is known", () => {
    const known = new Set(["get_employee", "apply_leave"]);
    const content = { expectedCalls: [call("get_employee"), call("apply_leave")], pinnedOutputs: [] };
    expect(caseToolProblems(content, known)).toEqual([]);
  });

  it("flags each unknown tool once, naming the calls that use it, and pinned outputs of other unknown tools", () => {
    const known = new Set(["get_employee"]);
    const content = {
      expectedCalls: [call("get_employee"), call("old_tool"), call("old_tool"), call("gone")],
      pinnedOutputs: [
        { tool: "old_tool", output: 1 },
        { tool: "removed_pin", output: 2 },
      ],
    };
    expect(caseToolProblems(content, known)).toEqual([
      'Calls 2, 3 use the tool "old_tool", which the routine\'s latest version or the tool catalog no longer has.',
      'Call 4 uses the tool "gone", which the routine\'s latest version or the tool catalog no longer has.',
      'A pinned output names the tool "removed_pin", which the routine no longer has.',
    ]);
  });
});
