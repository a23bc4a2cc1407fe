import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeOpenAI, type FakeOpenAI, type FakeRule } from "../../../../scripts/fake-openai/index";
import { createLlmClient } from "../../../llm/client";
import { endStep, makeRoutine, toolStep } from "../../../routine/testing/factories";
import type { ContextSettings } from "../../../context-modes";
import { API_KEY, chain, dataOf, expectConsistentLog, fakeModel, harness } from "./support";

// Context modes through the engine, with the executor and the compressor answering over the real wire protocol.

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: API_KEY });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const TAIL = "END-OF-THE-LEAVE-REPORT";
const report = {
  rows: Array.from({ length: 150 }, (_, day) => ({ day, note: `entry ${day} ${"x".repeat(30)}` })),
  tail: TAIL,
};
const history = `Leave history of E7: ${"took two days in spring, ".repeat(40)}`;

/** fetch (10 KB: variable memory) → history (long, nobody needs it) → check → apply (days by the model) → notify. */
function leaveRoutine() {
  const steps = [
    toolStep({
      id: "fetch",
      name: "Fetch the report",
      tool: { server: "hr", name: "fetch_report" },
      inputs: { employee_id: { from: "input", name: "employee_id" } },
      outputs: [{ name: "report", description: "" }],
    }),
    toolStep({
      id: "history",
      name: "Read the history",
      tool: { server: "hr", name: "count" },
      inputs: { n: { from: "literal", value: 1 } },
      outputs: [{ name: "past_leave", description: "" }],
    }),
    toolStep({
      id: "check",
      name: "Check leave balance",
      inputs: { employee_id: { from: "input", name: "employee_id" } },
      outputs: [{ name: "balance", description: "" }],
    }),
    toolStep({
      id: "apply",
      name: "Apply for leave",
      tool: { server: "hr", name: "apply_leave" },
      inputs: {
        employee_id: { from: "input", name: "employee_id" },
        days: { from: "model", hint: "the days asked for, at most what balance allows" },
      },
      outputs: [{ name: "booking", description: "" }],
    }),
    toolStep({
      id: "notify",
      name: "Notify the employee",
      tool: { server: "hr", name: "notify_employee" },
      inputs: { employee_id: { from: "input", name: "employee_id" }, message: { from: "model", hint: "a short note" } },
    }),
    endStep({ id: "done" }),
  ];
  return makeRoutine({ steps, edges: chain(...steps) });
}

const EXECUTOR_RULES: FakeRule[] = [
  {
    match: { lastMessageIncludes: "Call the tool apply_leave now" },
    reply: { toolCalls: [{ name: "apply_leave", arguments: { employee_id: "E7", days: 3 } }] },
  },
  {
    match: { lastMessageIncludes: "Call the tool notify_employee now" },
    reply: { toolCalls: [{ name: "notify_employee", arguments: { employee_id: "E7", message: "Booked." } }] },
  },
];
const KEEPS_EVERYTHING = "check.balance: E7 has 12 days. apply.booking: booked 3 days. past_leave: spring.";

function compressorClient() {
  return createLlmClient(
    { role: "compressor", baseUrl: fake.url, apiKey: API_KEY, model: "fake-model", timeoutMs: 5_000, maxRetries: 0 },
    { recordUsage: async () => {} },
  );
}

function leaveRun(context: Partial<ContextSettings>, options: { compressor?: boolean } = {}) {
  return harness({
    routine: leaveRoutine(),
    model: fakeModel(fake).model,
    compressor: options.compressor === false ? undefined : compressorClient(),
    request: "E7 asks for three days off.",
    handlers: {
      fetch_report: () => report,
      count: () => history,
      apply_leave: (args) => ({ booked: true, days: args.days }),
    },
    engine: { contextMode: context.mode, lookahead: context.lookahead, compressTokens: context.compressTokens },
  });
}

/** The system prompts the executor received, in order (the compressor's requests left out). */
const executorPrompts = () =>
  fake
    .requests()
    .map((request) => (request.body as { messages: Array<{ content: string }> }).messages[0].content)
    .filter((system) => system.includes("You are the executor"));

describe("context modes", () => {
  it("plan-aware (the default) sends far fewer tokens than full history would, and records both on each model turn", async () => {
    fake.setScenario({ rules: EXECUTOR_RULES });
    const h = leaveRun({});
    expect(await h.execute()).toBe("succeeded");
    const turns = dataOf(h.events(), "step.model");
    expect(turns).toHaveLength(2);
    for (const turn of turns) {
      expect(turn.contextMode).toBe("plan-aware");
      expect(turn.fullContextTokens! / turn.contextTokens!).toBeGreaterThan(2);
    }
    const [apply] = executorPrompts();
    // apply's hint names `balance`: check's output is whole; the history nobody needs is one line.
    expect(apply).toContain('- check.balance = {"employee_id":"E7","days":12}');
    expect(apply).toMatch(/- history\.past_leave: "?Leave history of E7: took two days in spring, .{0,80}…\n/);
    expect(apply).not.toContain(TAIL);
    expectConsistentLog(h);
  });

  it("full history shows every result whole, variable memory's values included, and is never cut", async () => {
    fake.setScenario({ rules: EXECUTOR_RULES });
    const h = leaveRun({ mode: "full", compressTokens: 50 });
    expect(await h.execute()).toBe("succeeded");
    const [apply] = executorPrompts();
    expect(apply).toContain(TAIL);
    expect(apply).toContain(history.trim());
    for (const turn of dataOf(h.events(), "step.model")) {
      expect(turn.contextMode).toBe("full");
      expect(turn.contextTokens).toBe(turn.fullContextTokens);
    }
  });

  it("compressed: the compressor's rewrite replaces the values when it keeps every value a coming step needs", async () => {
    fake.setScenario({
      rules: [
        ...EXECUTOR_RULES,
        { match: { anyMessageIncludes: "Keep word for word" }, reply: { content: KEEPS_EVERYTHING } },
      ],
    });
    const h = leaveRun({ mode: "compressed", compressTokens: 50 });
    expect(await h.execute()).toBe("succeeded");
    const [apply] = executorPrompts();
    expect(apply).toContain(`(condensed by the compressor)\n${KEEPS_EVERYTHING}`);
    expect(apply).not.toContain("Leave history of E7");
    const compressions = dataOf(h.events(), "context.compressed");
    expect(compressions.length).toBeGreaterThan(0);
    expect(compressions.every((event) => event.accepted)).toBe(true);
    expect(dataOf(h.events(), "step.model").map((turn) => turn.contextMode)).toEqual(["compressed", "compressed"]);
    // The compressor was told what it must keep: check's balance, which apply's hint names.
    const asked = fake.requests().find((request) => JSON.stringify(request.body).includes("Keep word for word"))!;
    expect(JSON.stringify(asked.body)).toMatch(/Keep word for word\\n- E7\\n- 12/);
  });

  it.each([
    [
      "drops a value a coming step needs",
      { reply: { content: "Some leave was checked; a booking was made." } },
      /dropped \d+ values? a coming step needs/,
    ],
    ["answers with nothing", { reply: { content: "   " } }, /answered with nothing/],
    ["is down", { fault: { kind: "http" as const, status: 503 } }, /The compressor model failed/],
  ])(
    "a compressor that %s is refused: the prompt stays plan-aware, with a notice, and the run goes on",
    async (_, answer, reason) => {
      fake.setScenario({
        rules: [...EXECUTOR_RULES, { match: { anyMessageIncludes: "Keep word for word" }, ...answer }],
      });
      const h = leaveRun({ mode: "compressed", compressTokens: 50 });
      expect(await h.execute()).toBe("succeeded");
      const [apply] = executorPrompts();
      expect(apply).not.toContain("(condensed by the compressor)");
      expect(apply).toContain('- check.balance = {"employee_id":"E7","days":12}');
      const notices = dataOf(h.events(), "context.compressed");
      expect(notices.length).toBeGreaterThan(0);
      for (const notice of notices) {
        expect(notice.accepted).toBe(false);
        expect(notice.reason).toMatch(reason);
        expect(notice.reason).toMatch(/the prompt stays plan-aware\.$/);
      }
      expect(dataOf(h.events(), "step.model").map((turn) => turn.contextMode)).toEqual(["plan-aware", "plan-aware"]);
      expectConsistentLog(h);
    },
  );

  it("compressed with no compressor model configured says so and runs plan-aware", async () => {
    fake.setScenario({ rules: EXECUTOR_RULES });
    const h = leaveRun({ mode: "compressed", compressTokens: 50 }, { compressor: false });
    expect(await h.execute()).toBe("succeeded");
    expect(dataOf(h.events(), "context.compressed")[0]).toMatchObject({
      accepted: false,
      reason: "No compressor model is configured; the prompt stays plan-aware.",
    });
  });

  it("k = 0 keeps only what the current step needs; k larger than the routine keeps what every later step needs", async () => {
    fake.setScenario({ rules: EXECUTOR_RULES });
    const none = leaveRun({ lookahead: 0 });
    expect(await none.execute()).toBe("succeeded");
    const [applyAtZero, notifyAtZero] = executorPrompts();
    expect(applyAtZero).toContain("- check.balance = ");
    // notify's hint names nothing: it reads what flowed in (apply's booking), and no longer check's balance.
    expect(notifyAtZero).toContain('- apply.booking = {"booked":true,"days":3}');
    expect(notifyAtZero).toMatch(/- check\.balance: /);

    fake.reset();
    fake.setScenario({ rules: EXECUTOR_RULES });
    const all = leaveRun({ lookahead: 99 });
    expect(await all.execute()).toBe("succeeded");
    const [applyAtAll] = executorPrompts();
    expect(applyAtAll).toContain("- check.balance = ");
    expect(applyAtAll).toMatch(/- history\.past_leave: /);
  });
});
