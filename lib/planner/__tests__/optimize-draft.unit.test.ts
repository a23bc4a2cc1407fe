import { describe, expect, it } from "vitest";
import { LlmError } from "../../llm";
import { makeRoutine } from "../../routine/testing/factories";
import { DEFAULT_PLANNER_BUDGET } from "../budget";
import { MAX_DRAFT_CHARS } from "../contract/contract";
import { PlannerError } from "../errors";
import { optimizeDraft, type OptimizeDraftOptions } from "../optimize-draft";
import type { PlannerProgress } from "../types";
import { quarterCounter, scriptedModel, TOOLS, validAnswer, type Scripted } from "./support";

const DRAFT = "Check the employee's leave balance; if enough, file the leave, else explain why not.";

function run(script: Scripted[], options: Partial<OptimizeDraftOptions> = {}) {
  const llm = scriptedModel(script);
  const progress: PlannerProgress[] = [];
  const result = optimizeDraft({
    draft: { kind: "text", text: DRAFT },
    tools: TOOLS,
    llm,
    countTokens: quarterCounter,
    onProgress: (event) => progress.push(event),
    ...options,
  });
  return { llm, progress, result };
}

async function failure(promise: Promise<unknown>): Promise<PlannerError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof PlannerError)) throw new Error(`expected a PlannerError, got ${String(error)}`);
  return error;
}

describe("optimizeDraft", () => {
  it("returns the routine, its rationale and provenance when the first answer is valid", async () => {
    const { llm, result, progress } = run([{ json: validAnswer() }]);
    const optimized = await result;
    expect(optimized).toMatchObject({
      repairCount: 0,
      model: "scripted-model",
      usage: { inputTokens: 100, outputTokens: 40 },
      sourceDraft: DRAFT,
      warnings: 0,
    });
    expect(optimized.promptHash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(optimized.routine).toMatchObject({ schemaVersion: 2, id: "draft", name: "Apply for leave" });
    expect(optimized.rationale).toEqual({
      summary: expect.stringMatching(/Split/),
      steps: { check_balance: expect.any(String) },
    });
    expect(llm.requests).toHaveLength(1);
    expect(llm.requests[0]).toMatchObject({
      purpose: "planner.optimize",
      maxTokens: DEFAULT_PLANNER_BUDGET.maxOutputTokens,
      responseFormat: { name: "planned_routine", strict: false },
    });
    expect(progress.map((event) => event.phase)).toEqual(["planning", "planning", "validating"]);
    expect(progress[0].message).toBe("Preparing the prompt: the draft and 25 tools…");
    expect(progress[1].message).toBe("Asking the planner model (scripted-model) to write the routine…");
  });

  it("sends the validator's errors back and returns the repaired routine (invalid → repaired → valid)", async () => {
    const { llm, result, progress } = run([
      { json: validAnswer({ toolName: "get_leave_balanze" }) },
      { json: validAnswer() },
    ]);
    const optimized = await result;
    expect(optimized.repairCount).toBe(1);
    expect(optimized.usage).toEqual({ inputTokens: 200, outputTokens: 80 });
    expect(llm.requests).toHaveLength(2);
    const repair = llm.requests[1];
    expect(repair.purpose).toBe("planner.repair");
    expect(repair.messages).toHaveLength(4);
    expect(repair.messages[2]).toEqual({
      role: "assistant",
      content: JSON.stringify(validAnswer({ toolName: "get_leave_balanze" })),
    });
    expect(repair.messages[3].content).toMatch(/routine\.steps\[0\]\.tool \(step check_balance\): .*get_leave_balanze/);
    expect(progress.map((event) => [event.phase, event.attempt])).toEqual([
      ["planning", 1],
      ["planning", 1],
      ["validating", 1],
      ["repairing", 2],
      ["validating", 2],
    ]);
    expect(progress.map((event) => event.percent)).toEqual(
      [...progress.map((event) => event.percent)].sort((a, b) => a - b),
    );
  });

  it("counts schema problems as issues to repair", async () => {
    const answer = validAnswer();
    const { llm, result } = run([
      { json: { ...answer, routine: { ...answer.routine, steps: undefined } } },
      { json: answer },
    ]);
    expect((await result).repairCount).toBe(1);
    expect(llm.requests[1].messages[3].content).toContain("routine.steps:");
  });

  it("fails clearly after the repairs are spent, with the issues left (invalid three times)", async () => {
    const bad = { json: validAnswer({ toolName: "no_such_tool" }) };
    const { llm, result } = run([bad, bad, bad]);
    const error = await failure(result);
    expect(error.code).toBe("invalid_after_repairs");
    expect(error.message).toMatch(
      /still had 1 problem after 2 repairs\. The first: routine\.steps\[0\]\.tool \(step check_balance\)/,
    );
    expect(error.issues).toEqual([
      expect.objectContaining({
        stepId: "check_balance",
        path: "routine.steps[0].tool",
        message: expect.stringContaining("no_such_tool"),
      }),
    ]);
    expect(llm.requests).toHaveLength(3);
  });

  it("stops at once when the model answers prose instead of JSON", async () => {
    const { llm, result } = run([
      { text: "Sure! First check the balance, then file the leave." },
      { json: validAnswer() },
    ]);
    const error = await failure(result);
    expect(error.code).toBe("not_json");
    expect(error.message).toMatch(/answered with text instead of a routine in JSON.*Settings → Models/);
    expect(llm.requests).toHaveLength(1);
  });

  it("refuses an empty draft and a canvas without steps before calling the model", async () => {
    for (const draft of [
      { kind: "text" as const, text: "" },
      { kind: "paper" as const, text: " \n\t " },
      {
        kind: "canvas" as const,
        routine: makeRoutine({ steps: [{ id: "done", kind: "end", name: "Done" }], edges: [] }),
      },
    ]) {
      const { llm, result } = run([{ json: validAnswer() }], { draft });
      expect((await failure(result)).code).toBe("empty_draft");
      expect(llm.requests).toHaveLength(0);
    }
  });

  it("refuses a 200 KB draft before any model call (and before counting its tokens)", async () => {
    const huge = "Step 1. Check the balance of the employee and more. ".repeat(4_000);
    expect(huge.length).toBeGreaterThan(200_000);
    let counted = 0;
    const { llm, result } = run([{ json: validAnswer() }], {
      draft: { kind: "text", text: huge },
      countTokens: (text) => (counted++, quarterCounter(text)),
    });
    const error = await failure(result);
    expect(error.code).toBe("too_large");
    expect(error.message).toContain(`${huge.length.toLocaleString("en")} characters`);
    expect(error.message).toContain(`at most ${MAX_DRAFT_CHARS.toLocaleString("en")}`);
    expect(llm.requests).toHaveLength(0);
    expect(counted).toBe(0);
  });

  it("refuses a prompt over the token budget before sending it, saying what takes the room", async () => {
    const long = "Check the leave balance of the employee, then decide. ".repeat(600);
    const { llm, result } = run([{ json: validAnswer() }], {
      draft: { kind: "text", text: long },
      budget: { maxInputTokens: 6_000, maxOutputTokens: 1_000 },
    });
    const error = await failure(result);
    expect(error.code).toBe("too_large");
    expect(error.message).toMatch(
      /prompt would be about [\d,]+ tokens \(the draft [\d,]+, the list of 25 tools [\d,]+.*at most 6,000\. Shorten the draft/,
    );
    expect(llm.requests).toHaveLength(0);

    const tools = Array.from({ length: 400 }, (_, index) => ({
      ...TOOLS[index % TOOLS.length],
      name: `tool_${index}`,
    }));
    const crowded = run([{ json: validAnswer() }], {
      tools,
      budget: { maxInputTokens: 6_000, maxOutputTokens: 1_000 },
    });
    expect((await failure(crowded.result)).message).toMatch(/Most of it is the tool list/);
  });

  it("refuses a repair request that would exceed the budget", async () => {
    const { llm, result } = run(
      [{ json: { ...validAnswer({ toolName: "nope" }), rationale: { summary: "x".repeat(20_000), steps: {} } } }],
      { budget: { maxInputTokens: 5_500, maxOutputTokens: 1_000 } },
    );
    const error = await failure(result);
    expect(error.code).toBe("too_large");
    expect(error.message).toMatch(/asking the model to repair them would take about/);
    expect(llm.requests).toHaveLength(1);
  });

  it("passes the answer limit and reports an answer cut off at it", async () => {
    const { llm, result } = run([{ result: { content: '{"routine": {"name": "Apply', finishReason: "length" } }], {
      budget: { maxInputTokens: 32_000, maxOutputTokens: 1_234 },
    });
    const error = await failure(result);
    expect(error.code).toBe("too_large");
    expect(error.message).toMatch(/cut off at the limit of 1,234 answer tokens/);
    expect(llm.requests[0].maxTokens).toBe(1_234);
  });

  it("wraps model failures with the client's message, and reports a cancel as aborted", async () => {
    const timeout = new LlmError(
      "timeout",
      'The model "m" at http://x/v1 did not answer within 60 s (4 attempts). Raise the timeout in Settings → Models or check the model server.',
    );
    const timedOut = await failure(run([{ error: timeout }]).result);
    expect(timedOut).toMatchObject({ code: "model_error", llmCode: "timeout", message: timeout.message });

    expect(
      (await failure(run([{ error: new LlmError("aborted", "The model call was cancelled.") }]).result)).code,
    ).toBe("aborted");
    const controller = new AbortController();
    controller.abort();
    const { llm, result } = run([{ json: validAnswer() }], { signal: controller.signal });
    expect((await failure(result)).code).toBe("aborted");
    expect(llm.requests).toHaveLength(0);
  });

  it("plans from the canvas: the routine keeps the canvas routine's id", async () => {
    const routine = makeRoutine({ id: "leave_request" });
    const { llm, result } = run([{ json: validAnswer() }], { draft: { kind: "canvas", routine } });
    expect((await result).routine.id).toBe("leave_request");
    expect(llm.requests[0].messages[1].content).toContain('<draft format="canvas as paper text">');
  });

  it("sends a draft in another language as it is", async () => {
    const german = "Prüfe den Resturlaub. Wenn genug Tage übrig sind, beantrage den Urlaub, sonst erkläre warum nicht.";
    const { llm, result } = run([{ json: validAnswer({ name: "Urlaub beantragen" }) }], {
      draft: { kind: "text", text: german },
    });
    expect((await result).routine.name).toBe("Urlaub beantragen");
    expect(llm.requests[0].messages[1].content).toContain(german);
    expect(llm.requests[0].messages[1].content).toContain("Write the routine in the language the draft is written in.");
  });
});
