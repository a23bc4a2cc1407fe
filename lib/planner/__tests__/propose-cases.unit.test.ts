import { describe, expect, it } from "vitest";
import { LlmError } from "../../llm";
import { makeRoutine } from "../../routine/testing/factories";
import type { Routine } from "../../routine";
import { PlannerError } from "../errors";
import { branchLabels, proposeCases } from "../propose-cases";
import { scriptedModel, TOOLS, type Scripted } from "./support";

const routine: Routine = makeRoutine({
  name: "Book leave",
  inputs: [{ name: "employee_id", description: "Who", type: "string", required: true }],
  steps: [
    {
      id: "balance",
      kind: "tool",
      name: "Check the balance",
      description: "",
      tool: { server: "hr", name: "get_leave_balance" },
      inputs: { employee_id: { from: "input", name: "employee_id" } },
      outputs: [{ name: "balance", description: "" }],
      requiresApproval: false,
    },
    { id: "enough", kind: "branch", name: "Enough days?", description: "" },
    {
      id: "apply",
      kind: "tool",
      name: "Apply",
      description: "",
      tool: { server: "hr", name: "apply_leave" },
      inputs: { employee_id: { from: "input", name: "employee_id" } },
      outputs: [],
      requiresApproval: false,
    },
    { id: "done", kind: "end", name: "Done", description: "" },
  ],
  edges: [
    { id: "e1", source: "balance", target: "enough" },
    { id: "e2", source: "enough", target: "apply", condition: { label: "enough days" } },
    { id: "e3", source: "enough", target: "done", condition: { label: "" } },
    { id: "e4", source: "apply", target: "done" },
  ],
});
const tools = TOOLS.filter((tool) => tool.name === "get_leave_balance" || tool.name === "apply_leave");

const good = (name: string, path = ["enough days"]) => ({
  name,
  request: `Book leave for ${name}`,
  inputs: { employee_id: "E1" },
  expectedCalls: [
    { tool: "get_leave_balance", arguments: { employee_id: { accepted: ["E1"] } } },
    { tool: "apply_leave", arguments: { employee_id: { accepted: ["E1"] }, reason: { optional: true } } },
  ],
  expectedPath: path,
});

function propose(script: Scripted[], count = 3) {
  const llm = scriptedModel(script);
  return { llm, result: proposeCases({ routine, tools, count, llm }) };
}

async function failure(promise: Promise<unknown>): Promise<PlannerError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof PlannerError)) throw new Error(`expected a PlannerError, got ${String(error)}`);
  return error;
}

describe("proposeCases", () => {
  it("asks once with the routine, its tools and branch labels, and returns the valid cases with defaults filled", async () => {
    const { llm, result } = propose([{ json: { cases: [good("Ada"), good("Bob", ["done"])] } }]);
    const proposed = await result;
    expect(proposed.dropped).toEqual([]);
    expect(proposed.cases).toHaveLength(2);
    expect(proposed.cases[0]).toMatchObject({
      name: "Ada",
      pinnedOutputs: [],
      expectedCalls: [
        { tool: "get_leave_balance", arguments: { employee_id: { accepted: ["E1"], optional: false } } },
        { tool: "apply_leave", arguments: { reason: { accepted: [], optional: true } } },
      ],
    });
    expect(proposed.model).toBe("scripted-model");
    expect(llm.requests).toHaveLength(1);
    const request = llm.requests[0]!;
    expect(request.purpose).toBe("planner.propose_cases");
    expect(request.responseFormat?.name).toBe("test_cases");
    const prompt = request.messages.map((message) => ("content" in message ? String(message.content) : "")).join("\n");
    expect(prompt).toContain("hr/get_leave_balance");
    expect(prompt).toContain('"enough days", "done"');
    expect(prompt).toContain("Write 3 varied test cases.");
    expect(branchLabels(routine)).toEqual(["enough days", "done"]);
  });

  it("drops invalid proposals with a reason and keeps the others", async () => {
    const { result } = propose(
      [
        {
          json: {
            cases: [
              good("Ada"),
              { ...good("Stray"), expectedCalls: [{ tool: "delete_employee", arguments: {} }] },
              { ...good("No request"), request: "" },
              good("Wrong way", ["maybe"]),
              "not a case",
            ],
          },
        },
      ],
      5,
    );
    const proposed = await result;
    expect(proposed.cases.map((item) => item.name)).toEqual(["Ada"]);
    expect(proposed.dropped).toEqual([
      { index: 1, name: "Stray", reason: 'Call 1 uses the tool "delete_employee", which the routine does not use.' },
      { index: 2, name: "No request", reason: "request: Write the request the case sends." },
      {
        index: 3,
        name: "Wrong way",
        reason: 'The branch label "maybe" is not a way out of any branch of the routine.',
      },
      { index: 4, name: "Case 5", reason: expect.stringMatching(/expected object/) },
    ]);
  });

  it("takes a fenced JSON answer or a bare list, and at most the count asked for", async () => {
    const fenced = "```json\n" + JSON.stringify({ cases: [good("A"), good("B"), good("C")] }) + "\n```";
    expect((await propose([{ text: fenced }], 2).result).cases.map((item) => item.name)).toEqual(["A", "B"]);
    expect((await propose([{ json: [good("Z")] }], 1).result).cases).toHaveLength(1);
  });

  it("says clearly when the model answers prose, and maps model failures", async () => {
    const prose = await failure(propose([{ text: "Here are some test cases you could try: ask for leave." }]).result);
    expect(prose.code).toBe("not_json");
    expect(prose.message).toMatch(/answered with text instead of test cases/);
    expect((await failure(propose([{ json: { tests: [] } }]).result)).message).toMatch(/no "cases" list/);
    const cut = await failure(propose([{ result: { content: '{"cases": [', finishReason: "length" } }]).result);
    expect(cut.code).toBe("too_large");
    const down = await failure(propose([{ error: new LlmError("rate_limited", "Too many requests.") }]).result);
    expect(down).toMatchObject({ code: "model_error", llmCode: "rate_limited" });
  });
});
