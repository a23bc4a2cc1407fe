import { describe, expect, it } from "vitest";
import { callGroupBranchProblems, callGroupProblems, testCaseContentSchema } from "..";
import { routineSchema, type Routine } from "../../../routine";
import { callUnits } from "../call-group-rules";

const call = (tool: string, group?: string) => ({ tool, arguments: {}, ...(group ? { group } : {}) });

describe("callGroupProblems", () => {
  it("accepts consecutive calls sharing a label, and calls outside any group", () => {
    expect(callGroupProblems([call("a"), call("b", "g1"), call("c", "g1"), call("d"), call("e", "g2")])).toEqual([
      'Call 5 is alone in the group "g2": a group holds two or more consecutive calls that may be made in any order.',
    ]);
    expect(callGroupProblems([call("a", "x"), call("b", "x"), call("c", "y"), call("d", "y")])).toEqual([]);
  });

  it("names the two calls of a label reused after other calls", () => {
    expect(
      callGroupProblems([call("a"), call("b", "lookups"), call("c", "lookups"), call("d"), call("e", "lookups")]),
    ).toEqual([
      'Calls 3 and 5 share the group "lookups" but are not next to each other: a group\'s calls must be consecutive.',
    ]);
  });

  it("splits the calls into units: each group's run of calls, or one call", () => {
    expect(callUnits([call("a"), call("b", "g"), call("c", "g"), call("d", "h"), call("e")])).toEqual([
      [0],
      [1, 2],
      [3],
      [4],
    ]);
  });
});

describe("testCaseContentSchema: groups", () => {
  const content = (expectedCalls: unknown[]) => ({ name: "Case", request: "Do it", expectedCalls });

  it("keeps a trimmed group label and refuses an empty or a long one", () => {
    const parsed = testCaseContentSchema.parse(content([call("a", " g1 "), call("b", "g1")]));
    expect(parsed.expectedCalls.map((c) => c.group)).toEqual(["g1", "g1"]);
    expect(testCaseContentSchema.safeParse(content([call("a", " "), call("b", " ")])).success).toBe(false);
    expect(
      testCaseContentSchema.safeParse(content([call("a", "x".repeat(41)), call("b", "x".repeat(41))])).success,
    ).toBe(false);
  });

  it("refuses a group that is not consecutive, with the message on the expected calls field", () => {
    const result = testCaseContentSchema.safeParse(content([call("a", "g"), call("b"), call("c", "g")]));
    expect(result.success).toBe(false);
    expect(result.error!.issues).toMatchObject([
      { path: ["expectedCalls"], message: expect.stringMatching(/^Calls 1 and 3 share the group "g"/) },
    ]);
  });

  it("leaves a case without groups as it was", () => {
    const parsed = testCaseContentSchema.parse(content([call("a"), call("b")]));
    expect(parsed.expectedCalls).toEqual([call("a"), call("b")]);
  });
});

/**
 * The demo's annual leave routine in outline (the scoring module's tests do not import the demo seed): look up, read
 * the balance, then book and confirm by email, or explain the shortfall by email.
 */
function leaveRoutine(): Routine {
  const tool = (id: string, name: string) => ({
    id,
    kind: "tool" as const,
    name: id,
    description: "",
    tool: { server: "hr", name },
    inputs: {},
    outputs: [],
  });
  return routineSchema.parse({
    schemaVersion: 2,
    id: "annual_leave",
    name: "Apply for annual leave",
    description: "",
    steps: [
      tool("employee", "get_employee"),
      tool("balance", "get_leave_balance"),
      { id: "eligible", kind: "branch", name: "Balance covers the request?", description: "" },
      tool("apply", "apply_leave"),
      tool("confirm", "send_email_notification"),
      tool("decline", "send_email_notification"),
      { id: "done", kind: "end", name: "Done", description: "" },
    ],
    edges: [
      { id: "e1", source: "employee", target: "balance" },
      { id: "e2", source: "balance", target: "eligible" },
      { id: "e3", source: "eligible", target: "apply", condition: { label: "Balance covers the request" } },
      { id: "e4", source: "eligible", target: "decline", condition: { label: "Balance too low" } },
      { id: "e5", source: "apply", target: "confirm" },
      { id: "e6", source: "confirm", target: "done" },
      { id: "e7", source: "decline", target: "done" },
    ],
  });
}

describe("callGroupBranchProblems", () => {
  const annualLeave = leaveRoutine();
  /** The demo routine with its decline arm's email replaced by a tool only that arm uses. */
  const withDeclineTool = (name: string): Routine => ({
    ...annualLeave,
    steps: annualLeave.steps.map((step) =>
      step.id === "decline" && step.kind === "tool" ? { ...step, tool: { server: step.tool.server, name } } : step,
    ),
  });

  it("accepts a group of tools a run may make together", () => {
    // get_employee and get_leave_balance run before the branch; apply_leave and the email on the same arm.
    const calls = [call("get_employee", "g1"), call("get_leave_balance", "g1")];
    expect(callGroupBranchProblems(calls, annualLeave)).toEqual([]);
    const booked = [call("get_employee"), call("apply_leave", "g1"), call("send_email_notification", "g1")];
    expect(callGroupBranchProblems(booked, annualLeave)).toEqual([]);
  });

  it("refuses a group whose tools run only on different arms of one branch", () => {
    // The demo's two arms both send an email; give the decline arm a tool of its own.
    const routine = withDeclineTool("post_chat_message");
    const calls = [
      call("get_employee"),
      call("get_leave_balance"),
      call("apply_leave", "g1"),
      call("post_chat_message", "g1"),
    ];
    expect(callGroupBranchProblems(calls, routine)).toEqual([
      'Calls 3 and 4 are in one group but their tools run on different branches of "Balance covers the request?": they cannot be made in one turn.',
    ]);
    // Not in a group, the same calls are left to the checker (and to caseToolProblems for unknown tools).
    expect(callGroupBranchProblems([call("apply_leave"), call("post_chat_message")], routine)).toEqual([]);
    expect(callGroupBranchProblems([call("apply_leave", "g"), call("unknown_tool", "g")], routine)).toEqual([]);
  });

  it("accepts a group whose other tool runs where the arms meet again, or before the branch", () => {
    const decline = withDeclineTool("post_chat_message");
    // A step both arms lead to: a run on the decline arm reaches it too.
    const routine: Routine = {
      ...decline,
      steps: [
        ...decline.steps,
        {
          ...decline.steps.find((step) => step.id === "apply")!,
          id: "record",
          tool: { server: "hr", name: "log_event" },
        },
      ] as Routine["steps"],
      edges: decline.edges
        .map((edge) => (edge.target === "done" ? { ...edge, target: "record" } : edge))
        .concat([{ id: "e8", source: "record", target: "done" }]),
    };
    expect(callGroupBranchProblems([call("post_chat_message", "g"), call("log_event", "g")], routine)).toEqual([]);
    expect(callGroupBranchProblems([call("post_chat_message", "g"), call("get_employee", "g")], routine)).toEqual([]);
  });
});
