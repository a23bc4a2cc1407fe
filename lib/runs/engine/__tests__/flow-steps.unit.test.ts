import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeOpenAI, type FakeOpenAI } from "../../../../scripts/fake-openai/index";
import {
  branchStep,
  edge,
  endStep,
  humanStep,
  makeRoutine,
  routineStep,
  skillStep,
  toolStep,
} from "../../../routine/testing/factories";
import { operatorDecision, OperatorDecisionError } from "../operator";
import { API_KEY, chain, dataOf, expectConsistentLog, fakeModel, harness } from "./support";

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: API_KEY });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const check = () =>
  toolStep({
    id: "check",
    name: "Check balance",
    inputs: { employee_id: { from: "input", name: "employee_id" } },
    outputs: [{ name: "balance", description: "" }],
  });

/** check → eligible? (days >= 10: approve, else: reject) → approve/reject → end; `expression` undefined asks the model. */
function branching(expression?: string) {
  const steps = [
    check(),
    branchStep({ id: "eligible", name: "Eligible?" }),
    toolStep({
      id: "approve",
      name: "Approve",
      tool: { server: "hr", name: "apply_leave" },
      inputs: { employee_id: { from: "input", name: "employee_id" }, days: { from: "literal", value: 2 } },
    }),
    toolStep({
      id: "reject",
      name: "Reject",
      tool: { server: "hr", name: "notify_employee" },
      inputs: { employee_id: { from: "input", name: "employee_id" }, message: { from: "literal", value: "No" } },
    }),
    endStep({ id: "done" }),
  ];
  const edges = [
    edge("check", "eligible"),
    edge("eligible", "approve", "the balance covers it", expression),
    edge("eligible", "reject", "it does not", expression === undefined ? undefined : `!(${expression})`),
    edge("approve", "done"),
    edge("reject", "done"),
  ];
  return makeRoutine({ steps, edges });
}

describe("skill steps", () => {
  it("ask the model without tools, with the bound inputs, and keep the answer as the output", async () => {
    fake.setScenario({
      rules: [
        { match: { hasTools: false, lastMessageIncludes: "Summarize" }, reply: { content: "Ann has 12 days left." } },
      ],
    });
    const steps = [
      check(),
      skillStep({
        id: "sum",
        name: "Summarize",
        instruction: "Summarize the balance.",
        inputs: { balance: { from: "step", stepId: "check", path: "balance" } },
        outputs: [{ name: "summary", description: "" }],
      }),
      endStep({ id: "done" }),
    ];
    const h = harness({ routine: makeRoutine({ steps, edges: chain(...steps) }), model: fakeModel(fake).model });
    expect(await h.execute()).toBe("succeeded");
    const body = fake.requests()[0].body as { messages: Array<{ content: string }>; tools?: unknown };
    expect(body.tools).toBeUndefined();
    expect(body.messages[1].content).toContain('balance = {"employee_id":"E7","days":12}');
    expect(h.store.run(h.runId).outputs).toEqual({ summary: "Ann has 12 days left." });
  });

  it("read a long input through variable memory: its key and preview in the prompt, its pages on request", async () => {
    const history = Array.from({ length: 600 }, (_, day) => `day ${day}: taken`).join("; ");
    fake.setScenario({
      rules: [
        {
          match: { hasTools: true, lastRole: "user" },
          reply: { toolCalls: [{ name: "read_variable", arguments: { key: "VAR_BALANCE_E7" } }] },
        },
        {
          times: 1,
          match: { lastRole: "tool", toolResultIncludes: "read on with offset 8000" },
          reply: { toolCalls: [{ name: "read_variable", arguments: { key: "VAR_BALANCE_E7", offset: 8000 } }] },
        },
        { match: { lastRole: "tool" }, reply: { content: "Ann took 600 days." } },
      ],
    });
    const steps = [
      check(),
      skillStep({
        id: "sum",
        name: "Summarize",
        inputs: { balance: { from: "step", stepId: "check", path: "balance" } },
        outputs: [{ name: "summary", description: "" }],
      }),
      endStep({ id: "done" }),
    ];
    const h = harness({
      routine: makeRoutine({ steps, edges: chain(...steps) }),
      model: fakeModel(fake).model,
      handlers: { get_leave_balance: () => ({ days: 12, history }) },
    });
    const status = await h.execute();
    expect(
      h
        .events()
        .filter((event) => event.type.endsWith("failed"))
        .map((event) => event.data),
    ).toEqual([]);
    expect(status).toBe("succeeded");
    type Body = {
      messages: Array<{ role: string; content: string | null }>;
      tools?: Array<{ function: { name: string } }>;
    };
    const bodies = fake.requests().map((request) => request.body as Body);
    expect(bodies).toHaveLength(3);
    const prompt = bodies[0].messages[1].content!;
    expect(prompt).toContain("balance = VAR_BALANCE_E7 (in variable memory; starts:");
    expect(prompt).not.toContain("day 599");
    expect(bodies[0].tools?.map((tool) => tool.function.name)).toEqual(["read_variable"]);
    const pages = bodies[2].messages.filter((message) => message.role === "tool").map((message) => message.content!);
    expect(pages[0].split("\n[")[0]).toHaveLength(8000);
    expect(pages[0]).toMatch(/\[\d+ more characters: read on with offset 8000\]$/);
    expect(pages[0]).not.toContain("day 599");
    expect(pages[1]).toContain("day 599: taken");
    expect(h.store.run(h.runId).outputs).toEqual({ summary: "Ann took 600 days." });
  });

  it("ask for a JSON object when several outputs are declared, with one repair turn", async () => {
    fake.setScenario({
      rules: [
        { times: 1, match: { responseFormat: "json_schema" }, reply: { content: "not json" } },
        { match: { responseFormat: "json_schema" }, reply: { json: { tone: "friendly", text: "Enjoy!" } } },
      ],
    });
    const steps = [
      skillStep({
        id: "compose",
        outputs: [
          { name: "tone", description: "" },
          { name: "text", description: "" },
        ],
      }),
      endStep({ id: "done" }),
    ];
    const h = harness({ routine: makeRoutine({ steps, edges: chain(...steps) }), model: fakeModel(fake).model });
    expect(await h.execute()).toBe("succeeded");
    expect(h.store.steps(h.runId)[0].output).toEqual({ tone: "friendly", text: "Enjoy!" });
    expect(dataOf(h.events(), "step.model")).toHaveLength(2);
  });
});

describe("branch steps", () => {
  it("take the way whose expression holds, without the model", async () => {
    const h = harness({ routine: branching("balance.days >= 10") });
    expect(await h.execute()).toBe("succeeded");
    expect(dataOf(h.events(), "branch.taken")).toEqual([
      { stepId: "eligible", edgeId: "eligible-approve", label: "the balance covers it", by: "expression" },
    ]);
    expect(h.tools.calls.map((call) => call.tool.name)).toEqual(["get_leave_balance", "apply_leave"]);
  });

  it("take the other way when the values say so", async () => {
    const h = harness({
      routine: branching("balance.days >= 10"),
      handlers: { get_leave_balance: () => ({ days: 3 }) },
    });
    expect(await h.execute()).toBe("succeeded");
    expect(dataOf(h.events(), "branch.taken")[0]).toMatchObject({ label: "it does not", by: "expression" });
    expect(h.tools.calls.map((call) => call.tool.name)).toEqual(["get_leave_balance", "notify_employee"]);
  });

  it("fail with the reason when an expression names nothing the run knows", async () => {
    const h = harness({ routine: branching("balanse.days >= 10") });
    expect(await h.execute()).toBe("failed");
    expect(dataOf(h.events(), "step.failed")[0].error).toMatch(/cannot be evaluated: Unknown name "balanse"/);
  });

  it("ask the model to pick a labelled way when there is no expression", async () => {
    fake.setScenario({
      rules: [
        {
          match: { responseFormat: "json_schema", lastMessageIncludes: "Pick the one way" },
          reply: { json: { branch: "it does not", reason: "too few days" } },
        },
      ],
    });
    const h = harness({ routine: branching(), model: fakeModel(fake).model });
    expect(await h.execute()).toBe("succeeded");
    expect(dataOf(h.events(), "branch.taken")[0]).toMatchObject({ label: "it does not", by: "model" });
    const body = fake.requests()[0].body as {
      response_format: { json_schema: { schema: { properties: { branch: { enum: string[] } } } } };
    };
    expect(body.response_format.json_schema.schema.properties.branch.enum).toEqual([
      "the balance covers it",
      "it does not",
    ]);
  });

  it("take a single way out without asking", async () => {
    const steps = [branchStep({ id: "b" }), endStep({ id: "done" })];
    const h = harness({ routine: makeRoutine({ steps, edges: [edge("b", "done", "always")] }) });
    expect(await h.execute()).toBe("succeeded");
    expect(dataOf(h.events(), "branch.taken")[0]).toMatchObject({ by: "only_way" });
  });
});

describe("human steps", () => {
  it("wait for an operator, then go on with the form's values once decided", async () => {
    const steps = [
      humanStep({
        id: "ask",
        name: "Manager approval",
        instruction: "Approve the leave.",
        form: [{ name: "days", description: "", type: "integer", required: true }],
      }),
      toolStep({
        id: "apply",
        tool: { server: "hr", name: "apply_leave" },
        inputs: {
          employee_id: { from: "input", name: "employee_id" },
          days: { from: "step", stepId: "ask", path: "days" },
        },
      }),
      endStep({ id: "done" }),
    ];
    const h = harness({ routine: makeRoutine({ steps, edges: chain(...steps) }) });
    expect(await h.execute()).toBe("waiting");
    expect(dataOf(h.events(), "step.waiting")[0]).toMatchObject({
      stepId: "ask",
      for: "person",
      instruction: "Approve the leave.",
    });
    expect(await h.execute()).toBe("waiting");
    expect(h.tools.calls).toHaveLength(0);

    const snapshot = (await h.store.load(h.runId))!;
    const waiting = snapshot.steps[0];
    expect(() =>
      operatorDecision(snapshot, waiting.id, { action: "submitted", by: "op", values: { days: "x" } }, new Date()),
    ).toThrow(OperatorDecisionError);
    h.clock.advance(3_600_000);
    const decided = operatorDecision(
      snapshot,
      waiting.id,
      { action: "submitted", by: "op", values: { days: 4 } },
      new Date(h.clock.now()),
    );
    await h.store.commit(h.runId, decided.change, decided.events);

    expect(await h.execute()).toBe("succeeded");
    expect(h.tools.callsTo("apply_leave")[0].args).toEqual({ employee_id: "E7", days: 4 });
    expect(dataOf(h.events(), "step.intervention")[0]).toMatchObject({ by: "op", action: "submitted" });
    expectConsistentLog(h);
  });

  it("fail the run when the operator rejects", async () => {
    const steps = [humanStep({ id: "ask" }), endStep({ id: "done" })];
    const h = harness({ routine: makeRoutine({ steps, edges: chain(...steps) }) });
    await h.execute();
    const snapshot = (await h.store.load(h.runId))!;
    const decided = operatorDecision(
      snapshot,
      snapshot.steps[0].id,
      { action: "rejected", by: "op", comment: "Not now" },
      new Date(h.clock.now()),
    );
    await h.store.commit(h.runId, decided.change, decided.events);
    expect(await h.execute()).toBe("failed");
    expect(h.store.run(h.runId).error).toBe("Rejected by an operator: Not now");
  });

  it("let an approved tool call go ahead with the arguments the operator saw", async () => {
    const steps = [
      toolStep({
        id: "apply",
        tool: { server: "hr", name: "apply_leave" },
        inputs: { employee_id: { from: "literal", value: "E1" }, days: { from: "literal", value: 1 } },
        requiresApproval: true,
      }),
      endStep({ id: "done" }),
    ];
    const h = harness({ routine: makeRoutine({ steps, edges: chain(...steps) }) });
    expect(await h.execute()).toBe("waiting");
    const snapshot = (await h.store.load(h.runId))!;
    const decided = operatorDecision(
      snapshot,
      snapshot.steps[0].id,
      { action: "approved", by: "op" },
      new Date(h.clock.now()),
    );
    await h.store.commit(h.runId, decided.change, decided.events);
    expect(await h.execute()).toBe("succeeded");
    expect(h.tools.callsTo("apply_leave").map((call) => call.args)).toEqual([{ employee_id: "E1", days: 1 }]);
  });
});

describe("routine steps", () => {
  it("run the published sub-routine as a child run, wait for it, then take its outputs", async () => {
    const sub = makeRoutine({
      id: "lookup",
      name: "Look up",
      steps: [check(), endStep({ id: "fin" })],
      edges: [edge("check", "fin")],
    });
    const steps = [
      routineStep({
        id: "call",
        routineId: "lookup",
        inputs: { employee_id: { from: "literal", value: "E42" } },
        outputs: [{ name: "balance", description: "" }],
      }),
      toolStep({
        id: "apply",
        tool: { server: "hr", name: "apply_leave" },
        inputs: {
          employee_id: { from: "literal", value: "E42" },
          days: { from: "step", stepId: "call", path: "balance.days" },
        },
      }),
      endStep({ id: "done" }),
    ];
    const h = harness({ routine: makeRoutine({ steps, edges: chain(...steps) }) });
    h.store.publish(sub);
    expect(await h.execute()).toBe("waiting");
    const { childRunId } = dataOf(h.events(), "step.waiting")[0];
    expect(childRunId).toBeDefined();
    expect(h.store.run(childRunId!).snapshot).toMatchObject({
      status: "queued",
      parentRunId: h.runId,
      inputs: { employee_id: "E42" },
    });

    expect(await h.engine.execute(childRunId!)).toBe("succeeded");
    // The child's end re-queued the parent, as the database store does.
    expect(h.store.run(h.runId).snapshot.status).toBe("queued");
    expect(await h.execute()).toBe("succeeded");
    expect(h.tools.callsTo("apply_leave")[0].args).toEqual({ employee_id: "E42", days: 12 });
    expectConsistentLog(h);
  });

  it("ask the model for the inputs the routine leaves to it before starting the child", async () => {
    fake.setScenario({
      rules: [{ match: { lastMessageIncludes: "Work out these values" }, reply: { json: { employee_id: "E9" } } }],
    });
    const sub = makeRoutine({ id: "lookup", steps: [check(), endStep({ id: "fin" })], edges: [edge("check", "fin")] });
    const steps = [
      routineStep({
        id: "call",
        routineId: "lookup",
        inputs: { employee_id: { from: "model", hint: "the employee named in the request" } },
      }),
      endStep({ id: "done" }),
    ];
    const h = harness({
      routine: makeRoutine({ steps, edges: chain(...steps) }),
      model: fakeModel(fake).model,
      request: "Check E9's balance",
    });
    h.store.publish(sub);
    expect(await h.execute()).toBe("waiting");
    const { childRunId } = dataOf(h.events(), "step.waiting")[0];
    expect(h.store.run(childRunId!).snapshot.inputs).toEqual({ employee_id: "E9" });
  });

  it("fail when the child run fails", async () => {
    const sub = makeRoutine({ id: "lookup", steps: [check(), endStep({ id: "fin" })], edges: [edge("check", "fin")] });
    const steps = [
      routineStep({ id: "call", routineId: "lookup", inputs: { employee_id: { from: "literal", value: "E0" } } }),
      endStep({ id: "done" }),
    ];
    const h = harness({
      routine: makeRoutine({ steps, edges: chain(...steps) }),
      handlers: { get_leave_balance: () => ({ ok: false, error: "unknown employee", retryable: false }) },
    });
    h.store.publish(sub);
    await h.execute();
    const { childRunId } = dataOf(h.events(), "step.waiting")[0];
    expect(await h.engine.execute(childRunId!)).toBe("failed");
    expect(await h.execute()).toBe("failed");
    expect(h.store.run(h.runId).error).toMatch(
      /sub-routine lookup failed: hr\/get_leave_balance failed: unknown employee/,
    );
  });
});

describe("the end step", () => {
  it("finishes the run with the last outputs and the outcome, and marks steps never reached as skipped", async () => {
    const steps = [
      check(),
      branchStep({ id: "b" }),
      toolStep({
        id: "never",
        tool: { server: "hr", name: "notify_employee" },
        inputs: { employee_id: { from: "literal", value: "x" }, message: { from: "literal", value: "y" } },
      }),
      endStep({ id: "done", outcome: "Balance checked" }),
    ];
    const edges = [
      edge("check", "b"),
      edge("b", "done", "enough", "balance.days > 0"),
      edge("b", "never", "none", "balance.days <= 0"),
      edge("never", "done"),
    ];
    const h = harness({ routine: makeRoutine({ steps, edges }) });
    expect(await h.execute()).toBe("succeeded");
    // Shown as skipped as soon as the branch chose the other way; its skip mark is written when the run finishes.
    expect(dataOf(h.events(), "step.skipped")).toEqual([
      { stepId: "never", reason: "On a way the branch did not take." },
      { stepId: "never", reason: "Not on the path this run took." },
    ]);
    const order = h.events().map((event) => event.type);
    expect(order.indexOf("step.skipped")).toBe(order.indexOf("branch.taken") + 1);
    expect(h.store.steps(h.runId).find((run) => run.stepId === "never")?.state).toBe("skipped");
    const finished = dataOf(h.events(), "run.finished")[0];
    expect(finished).toMatchObject({
      status: "succeeded",
      outputs: { balance: { employee_id: "E7", days: 12 }, outcome: "Balance checked" },
    });
    expect(dataOf(h.events(), "progress.updated").at(-1)).toEqual({ done: ["check", "b", "done"], current: null });
    expectConsistentLog(h);
  });
});
