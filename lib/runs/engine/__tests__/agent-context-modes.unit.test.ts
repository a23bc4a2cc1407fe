import { describe, expect, it } from "vitest";
import type { ChatMessage } from "../../../llm";
import type { ContextMode } from "../../../context-modes";
import { dataOf, expectConsistentLog } from "./support";
import { agentHarness, call, scriptedTurns } from "./agent-support";

// Agent mode's history is its conversation: the context mode decides how the tool results in it are sent.

type ToolMessage = Extract<ChatMessage, { role: "tool" }>;
const toolMessages = (messages: ChatMessage[]) => messages.filter((m): m is ToolMessage => m.role === "tool");
const HISTORY = `Leave taken: ${"two days in spring, ".repeat(60)}`;

/** check (a long balance record) → approve (days by the model) → confirm → done, in agent mode. */
function run(mode: ContextMode, lookahead = 1) {
  const model = scriptedTurns([
    { toolCalls: [call("get_leave_balance", { employee_id: "E7" }, "a1")] },
    { toolCalls: [call("apply_leave", { employee_id: "E7", days: 3 }, "a2")] },
    { toolCalls: [call("notify_employee", { employee_id: "E7", message: "Booked." }, "a3")] },
    { content: "Booked." },
  ]);
  const h = agentHarness({
    model,
    plan: {
      mode: "agent",
      routine: "full",
      distractorVersionIds: [],
      context: { mode, lookahead, budgetTokens: 8000, compressTokens: 1000 },
    },
    handlers: { get_leave_balance: () => ({ employee_id: "E7", days: 12, history: HISTORY }) },
  });
  return { h, model };
}

describe("context modes in agent mode", () => {
  it("plan-aware sends a result the coming steps no longer need as one line, and records what full history would cost", async () => {
    const { h, model } = run("plan-aware", 0);
    expect(await h.execute()).toBe("succeeded");
    // Turn 2 decides the approve step, whose days are the model's (its hint names nothing): the balance it follows is whole.
    expect(toolMessages(model.requests[1].messages)[0].content).toContain(HISTORY);
    // By turn 4 the routine is at its end: the balance is one line.
    const last = toolMessages(model.requests[3].messages);
    expect(last[0].content).toMatch(
      /^\{"employee_id":"E7","days":12,"history":"Leave taken: .{0,60}… \(shortened: the next steps do not need it whole\)$/,
    );
    expect(last[1].content).toBe('{"booked":true,"days":3}');
    const turns = dataOf(h.events(), "agent.turn");
    expect(turns.map((turn) => turn.contextMode)).toEqual(["plan-aware", "plan-aware", "plan-aware", "plan-aware"]);
    expect(turns[3].fullContextTokens).toBeGreaterThan(turns[3].contextTokens! + 200);
    expectConsistentLog(h);
  });

  it("full history sends every result whole", async () => {
    const { h, model } = run("full");
    expect(await h.execute()).toBe("succeeded");
    expect(toolMessages(model.requests[3].messages)[0].content).toContain(HISTORY);
    for (const turn of dataOf(h.events(), "agent.turn")) expect(turn.contextTokens).toBe(turn.fullContextTokens);
  });

  it("compressed moves the shortened results into the system prompt when they fit the compressor's budget", async () => {
    const { h, model } = run("compressed", 0);
    expect(await h.execute()).toBe("succeeded");
    const last = model.requests[3].messages;
    expect(last[0].content).toContain("## Earlier results (condensed)\n- check: ");
    expect(toolMessages(last)[0].content).toBe("(condensed under Earlier results in the system prompt)");
    expect(dataOf(h.events(), "context.compressed")).toEqual([]);
    expect(dataOf(h.events(), "agent.turn").at(-1)!.contextMode).toBe("compressed");
  });

  it("compressed with no compressor model and too much to keep says so once and goes on plan-aware", async () => {
    const { h } = run("compressed", 0);
    const plan = h.store.run(h.runId).snapshot.execution;
    if (plan?.mode === "agent") plan.context = { ...plan.context!, compressTokens: 50 };
    expect(await h.execute()).toBe("succeeded");
    expect(dataOf(h.events(), "context.compressed")).toEqual([
      expect.objectContaining({
        accepted: false,
        reason: "No compressor model is configured; the turn stays plan-aware.",
      }),
    ]);
    expect(dataOf(h.events(), "agent.turn").at(-1)!.contextMode).toBe("plan-aware");
  });
});
