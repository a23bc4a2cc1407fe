import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeOpenAI, type FakeOpenAI } from "../../../../scripts/fake-openai/index";
import { redactDeep } from "../exchange";
import { createLlmClient } from "../llm-client";
import type { LlmCallRecord, ToolSpec } from "../../types";

// Every chat call's record carries what was sent and what came back, over real HTTP, and never the API key.

const KEY = "sk-exchange-test-key-91c2d7e4";
let fake: FakeOpenAI;

beforeAll(async () => {
  fake = await startFakeOpenAI({ port: 0, apiKey: KEY });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

function client() {
  const records: LlmCallRecord[] = [];
  const llm = createLlmClient(
    { role: "executor", baseUrl: fake.url, apiKey: KEY, model: "fake-model", timeoutMs: 2_000, maxRetries: 0 },
    { recordUsage: async (record) => void records.push(record), sleep: async () => {} },
  );
  return { llm, records };
}

const balanceTool: ToolSpec = {
  name: "get_leave_balance",
  description: "The leave days an employee has left.",
  parameters: { type: "object", properties: { employee_id: { type: "string" } }, required: ["employee_id"] },
};

describe("the exchange recorded with each chat call", () => {
  it("keeps the messages, the tools offered and the answer with its tool calls", async () => {
    fake.setScenario({
      rules: [
        {
          match: { lastMessageIncludes: "balance" },
          reply: { toolCalls: [{ id: "call_9", name: "get_leave_balance", arguments: { employee_id: "E7" } }] },
        },
        { match: { toolResultIncludes: "12 days" }, reply: { content: "E7 has 12 days left." } },
      ],
    });
    const { llm, records } = client();
    const messages = [
      { role: "system" as const, content: "You answer leave questions." },
      { role: "user" as const, content: "What is the balance of E7?" },
    ];
    await llm.chat({
      purpose: "runner.step",
      messages,
      tools: [balanceTool],
      toolChoice: "auto",
      context: { runId: "run-1", stepRunId: "sr-1" },
    });
    await llm.chat({
      purpose: "runner.step",
      messages: [
        ...messages,
        {
          role: "assistant",
          content: null,
          toolCalls: [{ id: "call_9", name: "get_leave_balance", arguments: '{"employee_id":"E7"}' }],
        },
        { role: "tool", toolCallId: "call_9", content: '{"days":"12 days"}' },
      ],
      tools: [balanceTool],
    });

    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({
      model: "fake-model",
      context: { runId: "run-1", stepRunId: "sr-1" },
      exchange: {
        request: { messages, tools: [balanceTool], toolChoice: "auto" },
        response: {
          content: null,
          toolCalls: [{ id: "call_9", name: "get_leave_balance", arguments: '{"employee_id":"E7"}' }],
          finishReason: "tool_calls",
        },
      },
    });
    expect(records[1].exchange?.request.messages.at(-1)).toEqual({
      role: "tool",
      toolCallId: "call_9",
      content: '{"days":"12 days"}',
    });
    expect(records[1].exchange?.response).toEqual({
      content: "E7 has 12 days left.",
      toolCalls: [],
      finishReason: "stop",
    });
  });

  it("never keeps the API key, even when a message or the answer contains it", async () => {
    fake.setScenario({ rules: [{ match: { lastMessageIncludes: "key" }, reply: { content: `Noted: ${KEY}.` } }] });
    const { llm, records } = client();
    await llm.chat({
      purpose: "planner.optimize",
      messages: [{ role: "user", content: `My key is ${KEY}, and the header was "Bearer ${KEY}".` }],
      responseFormat: { name: "answer", schema: { type: "object", description: `uses ${KEY}` } },
    });
    const stored = JSON.stringify(records[0]);
    expect(stored).not.toContain(KEY);
    expect(stored).not.toContain(KEY.slice(0, 8));
    expect(records[0].exchange?.request.messages[0]?.content).toContain("[redacted]");
    expect(records[0].exchange?.response?.content).toBe("Noted: [redacted].");
    // The request really reached the server with the text as given: only the record is redacted.
    expect(JSON.stringify(fake.requests().at(-1)?.body)).toContain("My key is");
  });

  it("keeps the request with no answer when the call fails, under the model that was asked for", async () => {
    fake.setScenario({ rules: [{ match: { model: "other-model" }, fault: { kind: "http", status: 400 } }] });
    const { llm, records } = client();
    await expect(
      llm.chat({ purpose: "eval.case", model: "other-model", messages: [{ role: "user", content: "Hello" }] }),
    ).rejects.toMatchObject({ code: "bad_request" });
    expect(records).toEqual([
      expect.objectContaining({
        status: "error",
        model: "other-model",
        exchange: { request: { messages: [{ role: "user", content: "Hello" }] }, response: null },
      }),
    ]);
  });

  it("records no exchange for a models list", async () => {
    const { llm, records } = client();
    await llm.listModels();
    expect(records).toHaveLength(1);
    expect(records[0].exchange).toBeUndefined();
  });
});

describe("redactDeep", () => {
  it("redacts the key in nested strings and keys, leaving other values and the structure alone", () => {
    const value = { a: [`x ${KEY} y`, 3, null, { [KEY]: true, b: "Bearer abc.def" }] };
    expect(redactDeep(value, KEY)).toEqual({
      a: ["x [redacted] y", 3, null, { "[redacted]": true, b: "Bearer [redacted]" }],
    });
    expect(value.a[0]).toBe(`x ${KEY} y`);
  });
});
