import { describe, expect, it } from "vitest";
import {
  draftGroups,
  emptyArgument,
  emptyCall,
  fromDraft,
  pinnedTools,
  toDraft,
  type ArgumentDraft,
  type CaseDraft,
  type CallDraft,
} from "./case-draft";

type StoredCase = NonNullable<Parameters<typeof toDraft>[0]>;

const makeCase = (overrides: Partial<StoredCase> = {}): StoredCase => ({
  name: "Annual leave",
  request: "Book three days off",
  inputs: { employee_id: "E1024" },
  expectedCalls: [],
  expectedPath: [],
  pinnedOutputs: [],
  strict: false,
  ...overrides,
});

const makeDraft = (overrides: Partial<CaseDraft> = {}): CaseDraft => ({
  name: "Annual leave",
  request: "Book three days off",
  inputs: "{}",
  calls: [],
  path: "",
  pinned: "[]",
  strict: false,
  ...overrides,
});

const argument = (name: string, accepted: string, optional = false): ArgumentDraft => ({
  ...emptyArgument(name),
  accepted,
  optional,
});
const call = (tool: string, ...args: ArgumentDraft[]): CallDraft => ({ ...emptyCall(tool), args });

function errorsOf(draft: CaseDraft): Record<string, string> {
  const result = fromDraft(draft);
  if (result.ok) throw new Error("expected the draft to be refused");
  return result.errors;
}

function contentOf(draft: CaseDraft) {
  const result = fromDraft(draft);
  if (!result.ok) throw new Error(`expected the draft to be accepted: ${JSON.stringify(result.errors)}`);
  return result.content;
}

describe("toDraft", () => {
  it("opens a new case with an empty form and empty JSON fields", () => {
    expect(toDraft(null)).toEqual({
      name: "",
      request: "",
      inputs: "{}",
      calls: [],
      path: "",
      pinned: "[]",
      strict: false,
    });
  });

  it("shows accepted values one per line: text as typed, other JSON as JSON, text that reads as JSON quoted", () => {
    const draft = toDraft(
      makeCase({
        expectedCalls: [
          {
            tool: "apply_leave",
            arguments: {
              days: { accepted: [3, true, ["a"], "annual", "42", " padded", "two\nlines"], optional: false },
            },
          },
        ],
      }),
    );
    expect(draft.calls[0].args[0].accepted.split("\n")).toEqual([
      "3",
      "true",
      '["a"]',
      "annual",
      '"42"',
      '" padded"',
      '"two\\nlines"',
    ]);
  });

  it("shows the path one branch label per line and the JSON fields indented", () => {
    const draft = toDraft(
      makeCase({ expectedPath: ["Enough balance", "Approved"], pinnedOutputs: [{ tool: "hr", output: 5 }] }),
    );
    expect(draft.path).toBe("Enough balance\nApproved");
    expect(draft.inputs).toBe('{\n  "employee_id": "E1024"\n}');
    expect(JSON.parse(draft.pinned)).toEqual([{ tool: "hr", output: 5 }]);
  });

  it("gives every call and argument its own key, so the form's rows keep their identity", () => {
    const draft = toDraft(
      makeCase({
        expectedCalls: [
          { tool: "a", arguments: { x: { accepted: [1], optional: false } } },
          { tool: "b", arguments: { y: { accepted: [2], optional: true } } },
        ],
      }),
    );
    const keys = draft.calls.flatMap((entry) => [entry.key, ...entry.args.map((arg) => arg.key)]);
    expect(new Set(keys).size).toBe(4);
    expect(draft.calls[1].args[0]).toMatchObject({ name: "y", optional: true });
  });
});

describe("fromDraft", () => {
  it("reads every accepted line back as the value the editor showed", () => {
    const stored = makeCase({
      expectedCalls: [
        {
          tool: "apply_leave",
          arguments: { days: { accepted: [3, true, ["a"], "annual", "42", " padded"], optional: false } },
        },
      ],
      expectedPath: ["Enough balance"],
      pinnedOutputs: [{ tool: "get_leave_balance", output: { days: 12 } }],
    });
    expect(contentOf(toDraft(stored))).toEqual(stored);
  });

  it("drops blank lines from accepted values and the path, and trims the tool name", () => {
    const content = contentOf(
      makeDraft({ calls: [call("  apply_leave ", argument("days", "\n 3 \n\n4\n"))], path: "\n Approved \n\n" }),
    );
    expect(content.expectedCalls).toEqual([
      { tool: "apply_leave", arguments: { days: { accepted: [3, 4], optional: false } } },
    ]);
    expect(content.expectedPath).toEqual(["Approved"]);
  });

  it("reads empty inputs as no inputs and empty pinned outputs as none", () => {
    const content = contentOf(makeDraft({ inputs: "  ", pinned: "" }));
    expect(content.inputs).toEqual({});
    expect(content.pinnedOutputs).toEqual([]);
  });

  it("refuses inputs that are not JSON, or JSON that is not an object", () => {
    expect(errorsOf(makeDraft({ inputs: "{employee" })).inputs).toBe("Inputs is not valid JSON.");
    expect(errorsOf(makeDraft({ inputs: "[1]" })).inputs).toBe(
      'Inputs must be a JSON object, such as {"employee_id": "E1024"}.',
    );
    expect(errorsOf(makeDraft({ inputs: "null" })).inputs).toMatch(/must be a JSON object/);
  });

  it("refuses pinned outputs that are not a JSON list", () => {
    expect(errorsOf(makeDraft({ pinned: '{"tool": "x"}' })).pinnedOutputs).toBe(
      'Pinned outputs must be a JSON list, such as [{"tool": "…", "output": …}].',
    );
    expect(errorsOf(makeDraft({ pinned: "[" })).pinnedOutputs).toBe("Pinned outputs is not valid JSON.");
  });

  it("refuses a call with an empty tool name", () => {
    expect(errorsOf(makeDraft({ calls: [call("   ")] }))).toEqual({ "call-0": "Call 1: choose its tool." });
  });

  it("refuses an argument listed twice, naming the call by its position", () => {
    const draft = makeDraft({
      calls: [call("get_employee"), call("apply_leave", argument("days", "3"), argument(" days ", "4"))],
    });
    expect(errorsOf(draft)).toEqual({ "call-1": 'Call 2: the argument "days" is listed twice.' });
  });

  it("refuses a required argument with no accepted value, and accepts it once it is optional", () => {
    expect(errorsOf(makeDraft({ calls: [call("apply_leave", argument("reason", " \n "))] }))).toEqual({
      "call-0": 'Call 1: give "reason" at least one accepted value, or mark it optional.',
    });
    const content = contentOf(makeDraft({ calls: [call("apply_leave", argument("reason", "", true))] }));
    expect(content.expectedCalls).toEqual([
      { tool: "apply_leave", arguments: { reason: { accepted: [], optional: true } } },
    ]);
  });

  it("refuses accepted values without an argument name, but ignores an argument row left empty", () => {
    expect(errorsOf(makeDraft({ calls: [call("apply_leave", argument(" ", "3"))] }))).toEqual({
      "call-0": "Call 1: name every argument.",
    });
    expect(contentOf(makeDraft({ calls: [call("apply_leave", argument("", ""))] })).expectedCalls).toEqual([
      { tool: "apply_leave", arguments: {} },
    ]);
  });

  it("reports every unreadable field at once", () => {
    expect(Object.keys(errorsOf(makeDraft({ inputs: "x", pinned: "y", calls: [call("")] }))).sort()).toEqual([
      "call-0",
      "inputs",
      "pinnedOutputs",
    ]);
  });
});

describe("emptyCall", () => {
  it("starts a call of a chosen tool with one empty, required row per parameter", () => {
    const fresh = emptyCall("apply_leave", ["employee_id", "days"]);
    expect(fresh.tool).toBe("apply_leave");
    expect(fresh.args.map(({ name, accepted, optional }) => ({ name, accepted, optional }))).toEqual([
      { name: "employee_id", accepted: "", optional: false },
      { name: "days", accepted: "", optional: false },
    ]);
  });
});

describe("pinnedTools", () => {
  it("lists the tools the pinned outputs name, in order", () => {
    expect(pinnedTools('[{"tool": "a", "output": 1}, {"output": 2}, {"tool": 3}, null, {"tool": "b"}]')).toEqual([
      { tool: "a" },
      { tool: "b" },
    ]);
  });

  it("lists nothing while the text is not a JSON list", () => {
    expect(pinnedTools('[{"tool": "a"')).toEqual([]);
    expect(pinnedTools('{"tool": "a"}')).toEqual([]);
  });
});

describe("order-free groups in the draft", () => {
  const joined = (tool: string): CallDraft => ({ ...call(tool), withAbove: true });

  it("labels each run of calls joined to the call above g1, g2… in order", () => {
    const content = contentOf(
      makeDraft({ calls: [call("a"), joined("b"), call("c"), call("d"), joined("e"), joined("f")] }),
    );
    expect(content.expectedCalls!.map((entry) => entry.group)).toEqual(["g1", "g1", undefined, "g2", "g2", "g2"]);
    expect(content.expectedCalls![2]).not.toHaveProperty("group");
  });

  it("never joins the first call to a call above it", () => {
    const content = contentOf(makeDraft({ calls: [joined("a"), call("b")] }));
    expect(content.expectedCalls!.map((entry) => entry.group)).toEqual([undefined, undefined]);
  });

  it("shows a stored case's groups as calls joined to the call above, whatever their labels", () => {
    const draft = toDraft(
      makeCase({
        expectedCalls: [
          { tool: "a", arguments: {}, group: "lookups" },
          { tool: "b", arguments: {}, group: "lookups" },
          { tool: "c", arguments: {} },
          { tool: "d", arguments: {}, group: "notify" },
          { tool: "e", arguments: {}, group: "notify" },
        ],
      }),
    );
    expect(draft.calls.map((entry) => entry.withAbove)).toEqual([false, true, false, false, true]);
    expect(contentOf(draft).expectedCalls!.map((entry) => entry.group)).toEqual(["g1", "g1", undefined, "g2", "g2"]);
  });

  it("numbers the groups for the editor, marking where each opens and how many calls it holds", () => {
    expect(draftGroups([call("a"), joined("b"), joined("c"), call("d"), call("e"), joined("f")])).toEqual([
      { number: 1, first: true, size: 3 },
      { number: 1, first: false, size: 3 },
      { number: 1, first: false, size: 3 },
      null,
      { number: 2, first: true, size: 2 },
      { number: 2, first: false, size: 2 },
    ]);
  });
});

describe("strict", () => {
  it("keeps a case's strict flag from the stored case to the saved content", () => {
    const draft = toDraft(makeCase({ strict: true }));
    expect(draft.strict).toBe(true);
    const saved = fromDraft(draft);
    expect(saved.ok && saved.content.strict).toBe(true);
    const cleared = fromDraft({ ...draft, strict: false });
    expect(cleared.ok && cleared.content.strict).toBe(false);
  });
});
