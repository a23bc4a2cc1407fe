import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeOpenAI, type FakeOpenAI } from "../../../../scripts/fake-openai/index";
import { endStep, makeRoutine, toolStep } from "../../../routine/testing/factories";
import { estimateTokens } from "../../../llm";
import { toolError } from "../testing";
import {
  chain,
  dataOf,
  expectConsistentLog,
  expectNoSecrets,
  fakeModel,
  forbiddenModel,
  harness,
  leaveRoutine,
  API_KEY,
} from "./support";

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: API_KEY });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const ASK_APPLY = "Call the tool apply_leave now";
const chatBodies = () =>
  fake
    .requests()
    .filter((request) => request.path === "/v1/chat/completions")
    .map(
      (request) =>
        request.body as {
          messages: Array<{ role: string; content: string | null }>;
          tools?: Array<{ function: { name: string } }>;
        },
    );

describe("a fully bound tool step", () => {
  it("calls the tool with the bound arguments and never asks the model", async () => {
    const steps = [
      toolStep({
        id: "check",
        inputs: { employee_id: { from: "input", name: "employee_id" } },
        outputs: [{ name: "balance", description: "" }],
      }),
      toolStep({
        id: "notify",
        tool: { server: "hr", name: "notify_employee" },
        inputs: {
          employee_id: { from: "step", stepId: "check", path: "balance.employee_id" },
          message: { from: "literal", value: "Hi" },
        },
      }),
      endStep({ id: "done" }),
    ];
    const h = harness({ routine: makeRoutine({ steps, edges: chain(...steps) }), model: forbiddenModel });
    expect(await h.execute()).toBe("succeeded");
    expect(forbiddenModel.asked).toHaveLength(0);
    expect(h.tools.calls.map((call) => [call.tool.name, call.args])).toEqual([
      ["get_leave_balance", { employee_id: "E7" }],
      ["notify_employee", { employee_id: "E7", message: "Hi" }],
    ]);
    expect(dataOf(h.events(), "step.tool_call").map((data) => data.byModel)).toEqual([false, false]);
    expect(h.store.steps(h.runId).find((run) => run.stepId === "check")?.output).toEqual({
      balance: { employee_id: "E7", days: 12 },
    });
    expectConsistentLog(h);
  });

  it("fails the step with the reason when the bound arguments break the tool's schema", async () => {
    const steps = [
      toolStep({
        id: "apply",
        tool: { server: "hr", name: "apply_leave" },
        inputs: { employee_id: { from: "literal", value: "E1" }, days: { from: "literal", value: "three" } },
      }),
      endStep({ id: "done" }),
    ];
    const h = harness({ routine: makeRoutine({ steps, edges: chain(...steps) }) });
    expect(await h.execute()).toBe("failed");
    expect(h.tools.calls).toHaveLength(0);
    expect(dataOf(h.events(), "step.failed")[0].error).toMatch(
      /arguments for apply_leave are invalid: days must be integer/,
    );
  });

  it("keeps a tool's garbage answer as text instead of crashing", async () => {
    const steps = [
      toolStep({
        id: "check",
        inputs: { employee_id: { from: "literal", value: "E1" } },
        outputs: [{ name: "raw", description: "" }],
      }),
      endStep({ id: "done" }),
    ];
    const garbage = "\u0000<<not json>> {{{";
    const h = harness({
      routine: makeRoutine({ steps, edges: chain(...steps) }),
      handlers: { get_leave_balance: () => ({ ok: true, value: undefined as never, text: garbage }) },
    });
    expect(await h.execute()).toBe("succeeded");
    expect(h.store.steps(h.runId)[0].output).toEqual({ raw: garbage });
  });

  it("retries a retryable tool failure per the step's retry policy, with the same idempotency key", async () => {
    const steps = [
      toolStep({
        id: "check",
        inputs: { employee_id: { from: "literal", value: "E1" } },
        retry: { maxAttempts: 3, backoffMs: 0 },
      }),
      endStep({ id: "done" }),
    ];
    let tries = 0;
    const h = harness({
      routine: makeRoutine({ steps, edges: chain(...steps) }),
      handlers: { get_leave_balance: () => (++tries < 3 ? toolError("connection reset", true) : { days: 1 }) },
    });
    expect(await h.execute()).toBe("succeeded");
    const keys = h.tools.calls.map((call) => call.idempotencyKey);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toBe(`${h.runId}:${h.store.steps(h.runId)[0].id}`);
    expect(dataOf(h.events(), "step.retrying").map((data) => [data.attempt, data.reason])).toEqual([
      [2, "connection reset"],
      [3, "connection reset"],
    ]);
    expect(h.store.steps(h.runId)[0].attempt).toBe(3);
  });

  it("does not retry a tool's own error, and stops after maxAttempts of a retryable one", async () => {
    const steps = [
      toolStep({
        id: "check",
        inputs: { employee_id: { from: "literal", value: "E1" } },
        retry: { maxAttempts: 2, backoffMs: 0 },
      }),
      endStep({ id: "done" }),
    ];
    const own = harness({
      routine: makeRoutine({ steps, edges: chain(...steps) }),
      handlers: { get_leave_balance: () => toolError("no such employee") },
    });
    expect(await own.execute()).toBe("failed");
    expect(own.tools.calls).toHaveLength(1);
    expect(dataOf(own.events(), "run.finished")[0].error).toBe("hr/get_leave_balance failed: no such employee");

    const flaky = harness({
      routine: makeRoutine({ steps, edges: chain(...steps) }),
      handlers: { get_leave_balance: () => toolError("timed out", true) },
    });
    expect(await flaky.execute()).toBe("failed");
    expect(flaky.tools.calls).toHaveLength(2);
    expect(dataOf(flaky.events(), "step.failed")[0].error).toBe(
      "hr/get_leave_balance failed: timed out (after 2 tries)",
    );
  });

  it("waits for an operator's approval before calling a tool that requires it", async () => {
    const steps = [
      toolStep({ id: "check", inputs: { employee_id: { from: "literal", value: "E1" } }, requiresApproval: true }),
      endStep({ id: "done" }),
    ];
    const h = harness({ routine: makeRoutine({ steps, edges: chain(...steps) }) });
    expect(await h.execute()).toBe("waiting");
    expect(h.tools.calls).toHaveLength(0);
    expect(dataOf(h.events(), "step.waiting")[0]).toMatchObject({
      for: "person",
      instruction: expect.stringContaining("Approve the call to hr/get_leave_balance"),
    });
    expect(h.store.steps(h.runId)[0]).toMatchObject({ state: "waiting", input: { employee_id: "E1" } });
  });
});

describe("a tool step the model completes", () => {
  it("never lets the model set an argument the routine binds to an input this run was not given", async () => {
    fake.setScenario({
      rules: [
        {
          match: { hasTools: true },
          reply: { toolCalls: [{ name: "apply_leave", arguments: { employee_id: "E666", days: 3 } }] },
        },
      ],
    });
    const steps = [
      toolStep({
        id: "apply",
        tool: { server: "hr", name: "apply_leave" },
        inputs: { employee_id: { from: "input", name: "employee_id" }, days: { from: "model", hint: "days" } },
      }),
      endStep({ id: "done" }),
    ];
    const h = harness({
      routine: makeRoutine({ steps, edges: chain(...steps) }),
      model: fakeModel(fake).model,
      inputs: {},
    });
    expect(await h.execute()).toBe("failed");
    expect(h.tools.calls).toEqual([]);
    expect(dataOf(h.events(), "step.tool_refused").map((refusal) => refusal.reason)).toEqual([
      expect.stringMatching(/^Invalid arguments for apply_leave: .*employee_id/),
      expect.stringMatching(/^Invalid arguments for apply_leave: .*employee_id/),
    ]);
  });

  it("offers only the step's own tool, fixes the bound arguments and calls the tool with the model's values", async () => {
    fake.setScenario({
      rules: [
        {
          match: { lastMessageIncludes: ASK_APPLY },
          reply: { toolCalls: [{ name: "apply_leave", arguments: { employee_id: "WRONG", days: 3 } }] },
        },
      ],
    });
    const { model } = fakeModel(fake);
    const h = harness({ routine: leaveRoutine(), model });
    expect(await h.execute()).toBe("succeeded");
    expect(h.tools.callsTo("apply_leave")[0].args).toEqual({ employee_id: "E7", days: 3 });
    const [body] = chatBodies();
    // Plan-aware (the default): the other tools' definitions serve no coming step, and the model may call only this one.
    expect(body.tools?.map((tool) => tool.function.name)).toEqual(["apply_leave"]);
    const system = body.messages[0].content!;
    expect(system).toContain("## Routine");
    expect(system).toMatch(/- \[x\] Step 1\. Check leave balance \[id: check\]/);
    expect(system).toMatch(/- \[ \] Step 2\. Apply for leave \[id: apply\].*← current/);
    expect(body.messages[1].content).toContain('employee_id = "E7"');
    expect(dataOf(h.events(), "step.tool_call")[1]).toMatchObject({
      tool: "apply_leave",
      byModel: true,
      arguments: { employee_id: "E7", days: 3 },
    });
    expect(dataOf(h.events(), "step.model")[0]).toMatchObject({
      stepId: "apply",
      toolCalls: [{ name: "apply_leave" }],
      attempts: 1,
    });
    expectConsistentLog(h);
    expectNoSecrets(h, fake);
  });

  it("offers the routine's tools in full history, and counts the definitions offered in each turn's context figures", async () => {
    const rules = [
      {
        match: { lastMessageIncludes: ASK_APPLY },
        reply: { toolCalls: [{ name: "apply_leave", arguments: { days: 3 } }] },
      },
    ];
    const figures = async (contextMode: "full" | "plan-aware") => {
      fake.setScenario({ rules });
      const h = harness({ routine: leaveRoutine(), model: fakeModel(fake).model, engine: { contextMode } });
      expect(await h.execute()).toBe("succeeded");
      const body = chatBodies().at(-1)!;
      const turn = dataOf(h.events(), "step.model")[0];
      return {
        tools: body.tools!.map((tool) => tool.function.name).sort(),
        turn,
        // What the definitions offered add to the turn's figure, beyond its system prompt.
        definitionTokens: turn.contextTokens! - estimateTokens(body.messages[0].content!),
      };
    };
    const full = await figures("full");
    expect(full.tools).toEqual(["apply_leave", "get_leave_balance", "notify_employee"]);
    expect(full.turn.contextTokens).toBe(full.turn.fullContextTokens);
    const planAware = await figures("plan-aware");
    expect(planAware.tools).toEqual(["apply_leave"]);
    expect(planAware.turn.fullContextTokens).toBe(full.turn.fullContextTokens);
    expect(planAware.definitionTokens).toBeGreaterThan(0);
    expect(full.definitionTokens).toBeGreaterThan(2 * planAware.definitionTokens);
  });

  it("corrects a deviation (another tool of the routine) in one turn, recording the refusal", async () => {
    fake.setScenario({
      rules: [
        {
          match: { lastMessageIncludes: ASK_APPLY },
          reply: { toolCalls: [{ name: "notify_employee", arguments: { employee_id: "E7", message: "done" } }] },
        },
        {
          match: { lastRole: "tool", toolResultIncludes: "Refused" },
          reply: { toolCalls: [{ name: "apply_leave", arguments: { days: 2 } }] },
        },
      ],
    });
    const h = harness({ routine: leaveRoutine(), model: fakeModel(fake).model });
    expect(await h.execute()).toBe("succeeded");
    expect(dataOf(h.events(), "step.tool_refused")).toEqual([
      expect.objectContaining({
        stepId: "apply",
        tool: "notify_employee",
        corrective: true,
        reason: expect.stringContaining("not this step's tool"),
      }),
    ]);
    expect(h.tools.callsTo("apply_leave")[0].args).toEqual({ employee_id: "E7", days: 2 });
    // The refused call was never sent: notify_employee ran once, for its own step.
    expect(h.tools.callsTo("notify_employee")).toHaveLength(1);
  });

  it("fails the step with the reason when the model deviates again after the corrective turn", async () => {
    fake.setScenario({
      rules: [
        {
          match: { hasTools: true },
          reply: { toolCalls: [{ name: "get_leave_balance", arguments: { employee_id: "E7" } }] },
        },
      ],
    });
    const h = harness({ routine: leaveRoutine(), model: fakeModel(fake).model });
    expect(await h.execute()).toBe("failed");
    expect(dataOf(h.events(), "step.tool_refused").map((data) => data.corrective)).toEqual([true, false]);
    const failed = dataOf(h.events(), "step.failed")[0];
    expect(failed.stepId).toBe("apply");
    expect(failed.error).toMatch(
      /deviated from the routine again after a corrective turn: get_leave_balance is not this step's tool; this step calls apply_leave/,
    );
    expect(h.tools.callsTo("get_leave_balance")).toHaveLength(1);
    expect(h.store.run(h.runId).snapshot.status).toBe("failed");
  });

  it("refuses and records a call to a tool outside the allowlist", async () => {
    fake.setScenario({
      rules: [
        {
          match: { lastMessageIncludes: ASK_APPLY },
          reply: { toolCalls: [{ name: "delete_employee", arguments: { employee_id: "E7" } }] },
        },
        { match: { lastRole: "tool" }, reply: { toolCalls: [{ name: "apply_leave", arguments: { days: 1 } }] } },
      ],
    });
    const h = harness({ routine: leaveRoutine(), model: fakeModel(fake).model });
    expect(await h.execute()).toBe("succeeded");
    expect(dataOf(h.events(), "step.tool_refused")[0]).toMatchObject({
      tool: "delete_employee",
      reason: expect.stringContaining("not one of the routine's tools"),
      corrective: true,
    });
    expect(h.tools.callsTo("delete_employee")).toHaveLength(0);
  });

  it("gives an answer without a tool call one corrective turn", async () => {
    fake.setScenario({
      rules: [
        { match: { lastMessageIncludes: ASK_APPLY }, reply: { content: "I think you should take leave." } },
        {
          match: { lastMessageIncludes: "You did not call a tool" },
          reply: { toolCalls: [{ name: "apply_leave", arguments: { days: 4 } }] },
        },
      ],
    });
    const h = harness({ routine: leaveRoutine(), model: fakeModel(fake).model });
    expect(await h.execute()).toBe("succeeded");
    expect(dataOf(h.events(), "step.tool_refused")[0]).toMatchObject({ tool: "(none)", corrective: true });
    expect(h.tools.callsTo("apply_leave")[0].args.days).toBe(4);
  });

  it("repairs malformed arguments once, then calls the tool", async () => {
    fake.setScenario({
      rules: [
        {
          match: { lastMessageIncludes: ASK_APPLY },
          fault: { kind: "invalid-tool-arguments" },
          reply: { toolCalls: [{ name: "apply_leave", arguments: { days: 5 } }] },
        },
        {
          match: { toolResultIncludes: "Invalid arguments" },
          reply: { toolCalls: [{ name: "apply_leave", arguments: { days: 5 } }] },
        },
      ],
    });
    const h = harness({ routine: leaveRoutine(), model: fakeModel(fake).model });
    expect(await h.execute()).toBe("succeeded");
    expect(dataOf(h.events(), "step.tool_refused")[0]).toMatchObject({
      tool: "apply_leave",
      reason: expect.stringContaining("not valid JSON"),
      corrective: true,
    });
    expect(h.tools.callsTo("apply_leave")).toHaveLength(1);
  });

  it("fails after one repair turn when the arguments stay invalid against the schema", async () => {
    fake.setScenario({
      rules: [
        { match: { hasTools: true }, reply: { toolCalls: [{ name: "apply_leave", arguments: { days: "a few" } }] } },
      ],
    });
    const h = harness({ routine: leaveRoutine(), model: fakeModel(fake).model });
    expect(await h.execute()).toBe("failed");
    expect(dataOf(h.events(), "step.tool_refused").map((data) => data.corrective)).toEqual([true, false]);
    expect(dataOf(h.events(), "step.failed")[0].error).toMatch(
      /still invalid after a repair turn.*days must be integer/,
    );
    expect(h.tools.callsTo("apply_leave")).toHaveLength(0);
  });
});
