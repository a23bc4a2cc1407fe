import { describe, expect, it } from "vitest";
import type { ChatMessage } from "../../../llm";
import { chain, endStep, makeRoutine, toolStep } from "../../../routine/testing/factories";
import { hang } from "../testing";
import { dataOf, expectConsistentLog } from "./support";
import { agentHarness, call, scriptedTurns } from "./agent-support";

const toolIds = (messages: ChatMessage[]) =>
  messages.flatMap((m) =>
    m.role === "tool" ? [m.toolCallId] : m.role === "assistant" ? (m.toolCalls ?? []).map((c) => c.id) : [],
  );

describe("variable memory in agent mode", () => {
  it("keeps a long output under a key the model passes on, and swaps the value back for the tool", async () => {
    const steps = [
      toolStep({
        id: "fetch",
        name: "Fetch the report",
        tool: { server: "hr", name: "fetch_report" },
        inputs: { employee_id: { from: "input", name: "employee_id" } },
        outputs: [{ name: "report", description: "" }],
      }),
      // Its binding names fetch's report, so that output's key may be passed to this step (values.ts, scopeOf).
      toolStep({
        id: "send",
        name: "Send the report",
        tool: { server: "hr", name: "send_report" },
        inputs: { report: { from: "step", stepId: "fetch", path: "report" }, to: { from: "model", hint: "who" } },
      }),
      endStep({ id: "end" }),
    ];
    const report = { rows: Array.from({ length: 200 }, (_, n) => ({ n, text: `line ${n} of the long report` })) };
    let key = "";
    const model = scriptedTurns([
      { toolCalls: [call("fetch_report", { employee_id: "E7" })] },
      (request) => {
        const reply = request.messages.at(-1) as Extract<ChatMessage, { role: "tool" }>;
        key = /VAR_\w+/.exec(reply.content)?.[0] ?? "";
        return { toolCalls: [call("send_report", { report: key, to: "finance" })] };
      },
      { content: "Sent." },
    ]);
    const h = agentHarness({
      model,
      routine: makeRoutine({ steps, edges: chain(...steps) }),
      handlers: { fetch_report: () => report, send_report: () => ({ sent: true }) },
    });
    expect(await h.execute()).toBe("succeeded");
    expect(key).toBe("VAR_REPORT_E7");
    expect(h.tools.callsTo("send_report")[0].args).toEqual({ report, to: "finance" });
    expect(dataOf(h.events(), "variable.set").map((data) => [data.key, data.stepId])).toEqual([
      ["VAR_REPORT_E7", "fetch"],
    ]);
    expect(dataOf(h.events(), "step.tool_call")[1].arguments).toEqual({ report: "VAR_REPORT_E7", to: "finance" });
    expect(h.system(1)).toContain("VAR_REPORT_E7 (from Step 1 Fetch the report)");
    expectConsistentLog(h);
  });
});

describe("restarts", () => {
  it("rebuilds the conversation from the stored calls and never repeats a completed one", async () => {
    const worker = new AbortController();
    let crashed = false;
    const first = scriptedTurns([
      { toolCalls: [call("get_leave_balance", { employee_id: "E7" })] },
      { toolCalls: [call("apply_leave", { employee_id: "E7", days: 3 })] },
    ]);
    const h = agentHarness({
      model: first,
      handlers: {
        apply_leave: (args, fake) => {
          if (crashed) return { booked: true, days: args.days };
          crashed = true;
          worker.abort("shutdown");
          return hang(fake.signal);
        },
      },
    });
    expect(await h.execute(worker.signal)).toBe("running");
    expect(h.steps().map((run) => [run.stepId, run.state])).toEqual([
      ["check", "succeeded"],
      ["eligible", "succeeded"],
      ["approve", "running"],
    ]);

    const second = scriptedTurns([
      { toolCalls: [call("notify_employee", { employee_id: "E7", message: "Booked." })] },
      { content: "Booked." },
    ]);
    expect(await h.makeEngine(second).execute(h.runId)).toBe("succeeded");
    expect(h.tools.callsTo("get_leave_balance")).toHaveLength(1);
    const applies = h.tools.callsTo("apply_leave");
    expect(applies).toHaveLength(2);
    expect(applies[1].idempotencyKey).toBe(applies[0].idempotencyKey);
    const approve = h.steps().find((run) => run.stepId === "approve")!;
    expect([approve.state, approve.attempt]).toEqual(["succeeded", 2]);
    expect(dataOf(h.events(), "run.started").map((data) => data.resumed)).toEqual([false, true]);

    // The resumed model sees both earlier calls with ids derived from their step runs, each answered.
    const check = h.steps().find((run) => run.stepId === "check")!;
    const messages = second.requests[0].messages;
    expect(toolIds(messages)).toEqual([
      `call_${check.id.replace(/\./g, "_")}`,
      `call_${check.id.replace(/\./g, "_")}`,
      `call_${approve.id.replace(/\./g, "_")}`,
      `call_${approve.id.replace(/\./g, "_")}`,
    ]);
    expect(messages.at(-1)).toMatchObject({ role: "tool", content: '{"booked":true,"days":3}' });
    expect(dataOf(h.events(), "agent.turn").map((data) => data.turn)).toEqual([1, 2, 3, 4]);
    expect(h.store.run(h.runId).outputs).toEqual({ answer: "Booked." });
  });

  it("pauses between turns and carries on from the stored calls when resumed", async () => {
    const first = scriptedTurns([{ toolCalls: [call("get_leave_balance", { employee_id: "E7" })] }]);
    const h = agentHarness({ model: first });
    h.tools.on("get_leave_balance", () => {
      h.store.setControl(h.runId, "pause");
      return { days: 12 };
    });
    expect(await h.execute()).toBe("paused");
    expect(first.requests).toHaveLength(1);
    const second = scriptedTurns([{ content: "12 days left." }]);
    expect(await h.makeEngine(second).execute(h.runId)).toBe("succeeded");
    expect(h.tools.callsTo("get_leave_balance")).toHaveLength(1);
    expect(toolIds(second.requests[0].messages)).toHaveLength(2);
  });

  it("cancels between turns when an operator asks", async () => {
    const model = scriptedTurns([
      { toolCalls: [call("get_leave_balance", { employee_id: "E7" })] },
      { content: "never asked" },
    ]);
    const h = agentHarness({ model });
    h.tools.on("get_leave_balance", () => {
      h.store.setControl(h.runId, "cancel");
      return { days: 12 };
    });
    expect(await h.execute()).toBe("cancelled");
    expect(model.requests).toHaveLength(1);
    expect(h.steps()[0].state).toBe("succeeded");
  });
});

describe("budgets", () => {
  it("ends a model that keeps calling at maxSteps", async () => {
    const model = scriptedTurns(
      Array.from({ length: 10 }, () => ({ toolCalls: [call("get_leave_balance", { employee_id: "E7" })] })),
    );
    const h = agentHarness({ model, budgets: { maxSteps: 3 } });
    expect(await h.execute()).toBe("failed");
    expect(h.tools.calls).toHaveLength(3);
    expect(dataOf(h.events(), "run.budget_exceeded")).toEqual([{ budget: "steps", limit: 3, used: 3 }]);
    expectConsistentLog(h);
  });

  it("bounds the turns of a model whose calls are all refused", async () => {
    const model = scriptedTurns(
      Array.from({ length: 10 }, () => ({ toolCalls: [call("delete_employee", { employee_id: "E7" })] })),
    );
    const h = agentHarness({ model, budgets: { maxSteps: 2 } });
    expect(await h.execute()).toBe("failed");
    expect(model.requests).toHaveLength(4);
    expect(dataOf(h.events(), "run.budget_exceeded")[0].budget).toBe("steps");
  });

  it("stops at the token budget", async () => {
    const model = scriptedTurns([
      { toolCalls: [call("get_leave_balance", { employee_id: "E7" })], usage: { inputTokens: 900, outputTokens: 200 } },
    ]);
    const h = agentHarness({ model, budgets: { maxTokens: 1000 } });
    expect(await h.execute()).toBe("failed");
    expect(h.tools.calls).toHaveLength(0);
    expect(dataOf(h.events(), "run.budget_exceeded")).toEqual([{ budget: "tokens", limit: 1000, used: 1100 }]);
  });
});
