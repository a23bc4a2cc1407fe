import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeOpenAI, type FakeOpenAI } from "../../../../scripts/fake-openai/index";
import { createLlmClient } from "../llm-client";
import type { LlmCallRecord, LlmClientConfig } from "../../types";

// The client over real HTTP against the fake OpenAI-compatible server: faults the network really produces.

const KEY = "sk-http-test-key-7f3a9c";
let fake: FakeOpenAI;

beforeAll(async () => {
  fake = await startFakeOpenAI({ port: 0, apiKey: KEY });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

function client(overrides: Partial<LlmClientConfig> = {}) {
  const records: LlmCallRecord[] = [];
  const sleeps: number[] = [];
  const llm = createLlmClient(
    {
      role: "executor",
      baseUrl: fake.url,
      apiKey: KEY,
      model: "fake-model",
      timeoutMs: 2_000,
      maxRetries: 2,
      ...overrides,
    },
    { recordUsage: async (record) => void records.push(record), sleep: async (ms) => void sleeps.push(ms) },
  );
  return { llm, records, sleeps };
}

/** A port that was free a moment ago and has nothing listening on it now. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const ask = (text = "Check the balance") => ({
  purpose: "runner.step",
  messages: [{ role: "user" as const, content: text }],
});
const chatRequests = () => fake.requests().filter((request) => request.path === "/v1/chat/completions");

describe("the client against an OpenAI-compatible server", () => {
  it("gets an answer with tool calls and usage, and records the call", async () => {
    fake.setScenario({
      rules: [
        {
          match: { lastMessageIncludes: "balance" },
          reply: {
            toolCalls: [{ id: "call_1", name: "get_leave_balance", arguments: { employee_id: "E1" } }],
            usage: { prompt_tokens: 30, completion_tokens: 8 },
          },
        },
      ],
    });
    const { llm, records } = client();
    const result = await llm.chat({
      ...ask(),
      tools: [
        { name: "get_leave_balance", parameters: { type: "object", properties: { employee_id: { type: "string" } } } },
      ],
      context: { runId: "run-1" },
    });
    expect(result).toMatchObject({
      content: null,
      toolCalls: [{ id: "call_1", name: "get_leave_balance", arguments: '{"employee_id":"E1"}' }],
      finishReason: "tool_calls",
      usage: { inputTokens: 30, outputTokens: 8 },
      model: "fake-model",
      attempts: 1,
    });
    expect(records).toEqual([
      expect.objectContaining({
        role: "executor",
        purpose: "runner.step",
        context: { runId: "run-1" },
        inputTokens: 30,
        outputTokens: 8,
        attempts: 1,
        status: "ok",
      }),
    ]);
  });

  it("passes a JSON schema through and returns the JSON text", async () => {
    fake.setScenario({ rules: [{ match: { responseFormat: "json_schema" }, reply: { json: { steps: 3 } } }] });
    const { llm } = client();
    const result = await llm.chat({
      ...ask(),
      responseFormat: {
        name: "plan",
        schema: {
          type: "object",
          properties: { steps: { type: "integer" } },
          required: ["steps"],
          additionalProperties: false,
        },
      },
    });
    expect(JSON.parse(result.content!)).toEqual({ steps: 3 });
  });

  it("retries a 429 after the time it asks for, then succeeds on attempt 2", async () => {
    fake.setScenario({
      rules: [{ times: 1, fault: { kind: "http", status: 429, retryAfterSeconds: 1.5 } }, { reply: { content: "ok" } }],
    });
    const { llm, sleeps, records } = client();
    expect(await llm.chat(ask())).toMatchObject({ content: "ok", attempts: 2 });
    expect(sleeps).toEqual([1_500]);
    expect(chatRequests()).toHaveLength(2);
    expect(records[0]).toMatchObject({ status: "ok", attempts: 2 });
  });

  it("gives up after maxRetries + 1 attempts of HTTP 500", async () => {
    fake.setScenario({ rules: [{ fault: { kind: "http", status: 500, message: "boom" } }] });
    const { llm, records } = client({ maxRetries: 2 });
    await expect(llm.chat(ask())).rejects.toMatchObject({
      name: "LlmError",
      code: "server_error",
      status: 500,
      attempts: 3,
    });
    expect(chatRequests()).toHaveLength(3);
    expect(records).toEqual([
      expect.objectContaining({
        status: "error",
        attempts: 3,
        error: expect.objectContaining({ code: "server_error" }),
      }),
    ]);
  });

  it("times out a server that never answers, once per attempt", async () => {
    fake.setScenario({ rules: [{ fault: { kind: "hang" } }] });
    const { llm } = client({ timeoutMs: 300, maxRetries: 1 });
    const started = Date.now();
    await expect(llm.chat(ask())).rejects.toMatchObject({
      code: "timeout",
      attempts: 2,
      message: expect.stringContaining("did not answer within"),
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(chatRequests()).toHaveLength(2);
  });

  it("calls a body that is not valid JSON a malformed response", async () => {
    fake.setScenario({ rules: [{ fault: { kind: "malformed-json" } }] });
    const { llm } = client();
    await expect(llm.chat(ask())).rejects.toMatchObject({
      code: "malformed_response",
      message: expect.stringContaining("not a valid OpenAI-compatible response"),
    });
  });

  it("retries a dropped connection and reports the server unreachable when it keeps dropping", async () => {
    fake.setScenario({ rules: [{ fault: { kind: "drop" } }] });
    const { llm } = client({ maxRetries: 1 });
    await expect(llm.chat(ask())).rejects.toMatchObject({ code: "unreachable", attempts: 2 });
  });

  it("does not retry a refused key, and no message carries the key", async () => {
    fake.setScenario({ rules: [{ reply: { content: "never" } }] });
    const wrongKey = "sk-wrong-http-key-5511aa";
    const { llm, records } = client({ apiKey: wrongKey });
    const error = (await llm.chat(ask()).catch((caught: unknown) => caught)) as Error;
    expect(error).toMatchObject({ code: "unauthorized", attempts: 1 });
    expect(chatRequests()).toHaveLength(1);
    for (const text of [error.message, String(error), JSON.stringify(records)]) {
      expect(text).not.toContain(wrongKey);
      expect(text).not.toContain("5511aa");
    }
  });

  it("a caller's abort stops the call at once, without retrying", async () => {
    fake.setScenario({ rules: [{ delayMs: 5_000, reply: { content: "late" } }] });
    const { llm, records } = client();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await expect(llm.chat({ ...ask(), signal: controller.signal })).rejects.toMatchObject({
      code: "aborted",
      message: "The model call was cancelled.",
    });
    expect(chatRequests()).toHaveLength(1);
    expect(records[0]).toMatchObject({ status: "error", error: { code: "aborted" } });
  });

  it("reports an endpoint nobody listens on as unreachable", async () => {
    const port = await closedPort();
    const { llm } = client({ baseUrl: `http://127.0.0.1:${port}/v1`, maxRetries: 0 });
    await expect(llm.chat(ask())).rejects.toMatchObject({
      code: "unreachable",
      message: `Could not connect to the model endpoint http://127.0.0.1:${port}/v1 (ECONNREFUSED) after 1 attempt. Check the base URL and that the model server is running.`,
    });
  });

  it("lists the server's models", async () => {
    fake.setScenario({ rules: [], models: ["m-small", "m-large"] });
    expect(await client().llm.listModels()).toEqual(["m-small", "m-large"]);
  });
});
