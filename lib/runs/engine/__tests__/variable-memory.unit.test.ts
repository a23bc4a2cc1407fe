import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeOpenAI, type FakeOpenAI } from "../../../../scripts/fake-openai/index";
import { branchStep, edge, endStep, makeRoutine, toolStep } from "../../../routine/testing/factories";
import { API_KEY, chain, dataOf, expectConsistentLog, expectNoSecrets, fakeModel, harness } from "./support";

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: API_KEY });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const TAIL = "END-OF-THE-BIG-REPORT";
/** About 10 KB of JSON: too large to keep inline or show the model. */
const bigReport = {
  title: "Leave report 2026",
  manager: "manager@example.com",
  rows: Array.from({ length: 200 }, (_, index) => ({ day: index, note: `entry ${index} ${"x".repeat(20)}` })),
  tail: TAIL,
};

const fetchStep = () =>
  toolStep({
    id: "fetch",
    name: "Fetch report",
    tool: { server: "hr", name: "fetch_report" },
    inputs: { employee_id: { from: "input", name: "employee_id" } },
    outputs: [{ name: "report", description: "" }],
  });

describe("variable memory", () => {
  it("keeps a 10 KB output under a key that says what it holds (VAR_REPORT_E7), shows the model the key and a preview, and swaps the key back for the tool (the step's bindings name that output)", async () => {
    fake.setScenario({
      rules: [
        {
          match: { lastMessageIncludes: "Call the tool send_report now", anyMessageIncludes: "VAR_REPORT_E7" },
          reply: { toolCalls: [{ name: "send_report", arguments: { report: "VAR_REPORT_E7" } }] },
        },
      ],
    });
    const steps = [
      fetchStep(),
      toolStep({
        id: "send",
        name: "Send report",
        tool: { server: "hr", name: "send_report" },
        inputs: {
          report: { from: "model", hint: "the report" },
          to: { from: "step", stepId: "fetch", path: "report.manager" },
        },
      }),
      endStep({ id: "done" }),
    ];
    const h = harness({
      routine: makeRoutine({ steps, edges: chain(...steps) }),
      model: fakeModel(fake).model,
      handlers: { fetch_report: () => bigReport, send_report: () => ({ sent: true }) },
    });
    expect(await h.execute()).toBe("succeeded");

    const fetched = h.store.steps(h.runId).find((run) => run.stepId === "fetch")!;
    expect(fetched.output).toEqual({
      report: { $var: "VAR_REPORT_E7", preview: expect.stringContaining("Leave report 2026") },
    });
    expect(fetched.outputRef).toBe("VAR_REPORT_E7");
    const set = dataOf(h.events(), "variable.set")[0];
    expect(set).toMatchObject({ key: "VAR_REPORT_E7", stepId: "fetch" });
    expect(set.bytes).toBeGreaterThan(10_000);
    expect(JSON.parse(h.store.run(h.runId).variables.get("VAR_REPORT_E7")!.value)).toEqual(bigReport);

    const prompt = JSON.stringify(fake.requests()[0].body);
    expect(prompt).toContain("VAR_REPORT_E7");
    expect(prompt).toContain("Leave report 2026");
    expect(prompt).not.toContain(TAIL);

    expect(h.tools.callsTo("send_report")[0].args).toEqual({ report: bigReport, to: "manager@example.com" });
    expect(dataOf(h.events(), "step.tool_call")[1].arguments).toEqual({
      report: "VAR_REPORT_E7",
      to: "manager@example.com",
    });
    expect(JSON.stringify(h.events())).not.toContain(TAIL);
    expectConsistentLog(h);
    expectNoSecrets(h, fake);
  });

  it("resolves bindings into a variable-held output: the whole output as its key, a field by reading the variable", async () => {
    const steps = [
      fetchStep(),
      toolStep({
        id: "send",
        tool: { server: "hr", name: "send_report" },
        inputs: {
          report: { from: "step", stepId: "fetch", path: "report" },
          to: { from: "step", stepId: "fetch", path: "report.title" },
        },
      }),
      endStep({ id: "done" }),
    ];
    const h = harness({
      routine: makeRoutine({ steps, edges: chain(...steps) }),
      handlers: { fetch_report: () => bigReport, send_report: () => ({ sent: true }) },
    });
    expect(await h.execute()).toBe("succeeded");
    expect(h.tools.callsTo("send_report")[0].args).toEqual({ report: bigReport, to: "Leave report 2026" });
    expect(dataOf(h.events(), "step.tool_call")[1].arguments).toEqual({
      report: "VAR_REPORT_E7",
      to: "Leave report 2026",
    });
  });

  it("numbers the variables of a step that runs again on a loop, and a branch reads the value behind the key", async () => {
    const steps = [fetchStep(), branchStep({ id: "more" }), endStep({ id: "done" })];
    const edges = [
      edge("fetch", "more"),
      edge("more", "fetch", "again", "report.round < 3"),
      edge("more", "done", "enough", "report.round >= 3"),
    ];
    let round = 0;
    const h = harness({
      routine: makeRoutine({ steps, edges }),
      handlers: { fetch_report: () => ({ ...bigReport, round: ++round }) },
    });
    expect(await h.execute()).toBe("succeeded");
    expect(dataOf(h.events(), "variable.set").map((data) => data.key)).toEqual([
      "VAR_REPORT_E7",
      "VAR_REPORT_E7_2",
      "VAR_REPORT_E7_3",
    ]);
    expect(
      h.store
        .steps(h.runId)
        .filter((run) => run.stepId === "fetch")
        .map((run) => run.iteration),
    ).toEqual([1, 2, 3]);
    expect(h.store.run(h.runId).outputs).toEqual({ report: { $var: "VAR_REPORT_E7_3", preview: expect.any(String) } });
  });

  it("keeps outputs under the threshold inline", async () => {
    const steps = [fetchStep(), endStep({ id: "done" })];
    const h = harness({
      routine: makeRoutine({ steps, edges: chain(...steps) }),
      handlers: { fetch_report: () => ({ title: "short" }) },
    });
    expect(await h.execute()).toBe("succeeded");
    expect(dataOf(h.events(), "variable.set")).toEqual([]);
    expect(h.store.steps(h.runId)[0].output).toEqual({ report: { title: "short" } });
  });
});
