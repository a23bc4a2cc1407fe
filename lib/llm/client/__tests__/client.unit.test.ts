import { describe, expect, it, vi } from "vitest";
import { createLlmClient } from "../llm-client";
import type { LlmCallRecord, LlmClientConfig } from "../../types";

// The retry loop and the wire mapping against a scripted fetch; real HTTP (hangs, cut connections) is covered
// against the fake OpenAI server in client-http.test.ts.

type Scripted = { status?: number; body?: unknown; text?: string; headers?: Record<string, string> };

function scriptedFetch(...answers: Scripted[]) {
  const requests: { url: string; headers: Headers; body: Record<string, unknown> | null }[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    requests.push({
      url: String(url),
      headers: new Headers(init?.headers),
      body: init?.body ? JSON.parse(String(init.body)) : null,
    });
    const answer = answers[Math.min(requests.length - 1, answers.length - 1)];
    const text = answer.text ?? JSON.stringify(answer.body ?? {});
    return new Response(text, {
      status: answer.status ?? 200,
      headers: { "content-type": "application/json", ...answer.headers },
    });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests };
}

const completion = (content: string | null, extra: object = {}) => ({
  id: "chatcmpl-1",
  object: "chat.completion",
  model: "served-model",
  choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content, ...extra } }],
  usage: { prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 },
});

const config: LlmClientConfig = {
  role: "planner",
  baseUrl: "http://models.test/v1",
  apiKey: "sk-test-key-000111222",
  model: "planner-model",
  timeoutMs: 5_000,
  maxRetries: 3,
};

function setup(answers: Scripted[], overrides: Partial<LlmClientConfig> = {}) {
  const { fetch, requests } = scriptedFetch(...answers);
  const records: LlmCallRecord[] = [];
  const sleeps: number[] = [];
  const client = createLlmClient(
    { ...config, ...overrides },
    {
      fetch,
      recordUsage: async (record) => void records.push(record),
      sleep: async (ms) => void sleeps.push(ms),
      random: () => 0.999999,
    },
  );
  return { client, requests, records, sleeps };
}

const ask = { purpose: "planner.optimize", messages: [{ role: "user" as const, content: "Plan it" }] };

describe("a chat call", () => {
  it("sends messages, tools and the JSON schema in OpenAI's wire format and reads the answer back", async () => {
    const toolCalls = [
      { id: "call_9", type: "function", function: { name: "get_leave_balance", arguments: '{"employee_id":"E1"}' } },
    ];
    const { client, requests } = setup([
      {
        body: {
          ...completion(null, { tool_calls: toolCalls }),
          choices: [
            {
              index: 0,
              finish_reason: "tool_calls",
              message: { role: "assistant", content: null, tool_calls: toolCalls },
            },
          ],
        },
      },
    ]);
    const result = await client.chat({
      ...ask,
      messages: [
        { role: "system", content: "You plan." },
        { role: "assistant", content: null, toolCalls: [{ id: "call_1", name: "lookup", arguments: "{}" }] },
        { role: "tool", toolCallId: "call_1", content: "found" },
      ],
      tools: [{ name: "get_leave_balance", description: "Leave days", parameters: { type: "object", properties: {} } }],
      toolChoice: { name: "get_leave_balance" },
      responseFormat: { name: "routine", schema: { type: "object" } },
      maxTokens: 200,
      temperature: 0,
    });
    expect(result).toEqual({
      content: null,
      toolCalls: [{ id: "call_9", name: "get_leave_balance", arguments: '{"employee_id":"E1"}' }],
      finishReason: "tool_calls",
      usage: { inputTokens: 12, outputTokens: 5 },
      model: "served-model",
      attempts: 1,
    });
    const [sent] = requests;
    expect(sent.url).toBe("http://models.test/v1/chat/completions");
    expect(sent.headers.get("authorization")).toBe("Bearer sk-test-key-000111222");
    expect(sent.body).toMatchObject({
      model: "planner-model",
      messages: [
        { role: "system", content: "You plan." },
        {
          role: "assistant",
          content: null,
          tool_calls: [{ id: "call_1", type: "function", function: { name: "lookup", arguments: "{}" } }],
        },
        { role: "tool", tool_call_id: "call_1", content: "found" },
      ],
      tools: [
        {
          type: "function",
          function: {
            name: "get_leave_balance",
            description: "Leave days",
            parameters: { type: "object", properties: {} },
          },
        },
      ],
      tool_choice: { type: "function", function: { name: "get_leave_balance" } },
      response_format: {
        type: "json_schema",
        json_schema: { name: "routine", schema: { type: "object" }, strict: true },
      },
      max_tokens: 200,
      temperature: 0,
    });
  });

  it("sends no Authorization header when no key is set, even if OPENAI_API_KEY is in the environment", async () => {
    vi.stubEnv("OPENAI_API_KEY", "sk-from-env-should-not-leak");
    try {
      const { client, requests } = setup([{ body: completion("hi") }], { apiKey: undefined });
      await client.chat(ask);
      expect(requests[0].headers.get("authorization")).toBeNull();
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("reports one usage record per call with its tokens, purpose and context", async () => {
    const { client, records } = setup([{ body: completion("done") }]);
    await client.chat({ ...ask, context: { userId: "u1", routineId: "r1", versionId: "v1" } });
    expect(records).toEqual([
      expect.objectContaining({
        role: "planner",
        model: "served-model",
        purpose: "planner.optimize",
        context: { userId: "u1", routineId: "r1", versionId: "v1" },
        inputTokens: 12,
        outputTokens: 5,
        attempts: 1,
        status: "ok",
      }),
    ]);
    expect(records[0].durationMs).toBeGreaterThanOrEqual(0);
  });

  it("resends with max_completion_tokens when the model refuses max_tokens, and keeps doing so", async () => {
    const refusal = {
      status: 400,
      body: {
        error: {
          message:
            "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
        },
      },
    };
    const { client, requests } = setup([refusal, { body: completion("ok") }]);
    await client.chat({ ...ask, maxTokens: 50 });
    await client.chat({ ...ask, maxTokens: 60 });
    expect(requests.map((request) => [request.body?.max_tokens, request.body?.max_completion_tokens])).toEqual([
      [50, undefined],
      [undefined, 50],
      [undefined, 60],
    ]);
  });

  it("refuses to call a role without a model", async () => {
    const { client, requests } = setup([{ body: completion("x") }], { model: "" });
    await expect(client.chat(ask)).rejects.toMatchObject({ name: "LlmError", code: "not_configured" });
    expect(requests).toHaveLength(0);
  });
});

describe("retries", () => {
  it("waits as long as a 429 asks, then succeeds on the second attempt", async () => {
    const { client, sleeps, records } = setup([
      { status: 429, body: { error: { message: "Rate limit" } }, headers: { "retry-after-ms": "250" } },
      { body: completion("ok") },
    ]);
    expect((await client.chat(ask)).attempts).toBe(2);
    expect(sleeps).toEqual([250]);
    expect(records.map((record) => [record.status, record.attempts])).toEqual([["ok", 2]]);
  });

  it("gives up on a server error after maxRetries + 1 attempts, backing off exponentially", async () => {
    const { client, requests, sleeps, records } = setup([{ status: 503, body: { error: { message: "overloaded" } } }], {
      maxRetries: 2,
    });
    const error = await client.chat(ask).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: "LlmError", code: "server_error", status: 503, attempts: 3 });
    expect(requests).toHaveLength(3);
    expect(sleeps).toEqual([500, 1_000]);
    expect(records).toEqual([
      expect.objectContaining({
        status: "error",
        attempts: 3,
        inputTokens: 0,
        error: { code: "server_error", message: (error as Error).message, serverMessage: "overloaded" },
      }),
    ]);
  });

  it("does not retry 400, 401, 403 or 404", async () => {
    for (const [status, code] of [
      [400, "bad_request"],
      [401, "unauthorized"],
      [403, "unauthorized"],
      [404, "bad_request"],
    ] as const) {
      const { client, requests, sleeps } = setup([{ status, body: { error: { message: "no" } } }]);
      await expect(client.chat(ask)).rejects.toMatchObject({ code, attempts: 1 });
      expect(requests).toHaveLength(1);
      expect(sleeps).toEqual([]);
    }
  });

  it("does not wait for a rate limit that asks for more than a minute", async () => {
    const { client, requests } = setup([
      { status: 429, headers: { "retry-after": "3600" } },
      { body: completion("ok") },
    ]);
    await expect(client.chat(ask)).rejects.toMatchObject({
      code: "rate_limited",
      message: expect.stringContaining("asks to wait 3600 s"),
    });
    expect(requests).toHaveLength(1);
  });

  it("stops when the caller cancels during the backoff", async () => {
    const controller = new AbortController();
    const { fetch, requests } = scriptedFetch({ status: 500 });
    const client = createLlmClient(config, {
      fetch,
      sleep: async () => {
        controller.abort();
        throw new Error("aborted");
      },
    });
    await expect(client.chat({ ...ask, signal: controller.signal })).rejects.toMatchObject({ code: "aborted" });
    expect(requests).toHaveLength(1);
  });

  it("a body without choices is a malformed response, not retried", async () => {
    const { client, requests } = setup([{ body: { object: "chat.completion", choices: [] } }]);
    await expect(client.chat(ask)).rejects.toMatchObject({
      code: "malformed_response",
      message: expect.stringContaining("no choices"),
    });
    expect(requests).toHaveLength(1);
  });
});

describe("usage recording", () => {
  it("a recorder that fails does not fail the call", async () => {
    const { fetch } = scriptedFetch({ body: completion("fine") });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const client = createLlmClient(config, {
      fetch,
      recordUsage: async () => Promise.reject(new Error("database is locked")),
    });
    await expect(client.chat(ask)).resolves.toMatchObject({ content: "fine" });
    expect(logged).toHaveBeenCalledWith(
      expect.stringContaining("could not record"),
      expect.stringContaining("database is locked"),
    );
    logged.mockRestore();
  });
});

describe("models list and ping", () => {
  it("lists model ids, and pings with the models list when no model is set", async () => {
    const { client, requests, records } = setup([{ body: { object: "list", data: [{ id: "a" }, { id: "b" }] } }], {
      model: "",
    });
    expect(await client.listModels()).toEqual(["a", "b"]);
    const ping = await client.ping({ purpose: "settings.test" });
    expect(ping).toMatchObject({ model: "", detail: "The endpoint answered and offers 2 models." });
    expect(requests.map((request) => request.url)).toEqual([
      "http://models.test/v1/models",
      "http://models.test/v1/models",
    ]);
    expect(records.map((record) => record.purpose)).toEqual(["models.list", "settings.test"]);
  });

  it("pings the configured model with a one-token chat", async () => {
    const { client, requests } = setup([{ body: completion("O") }]);
    expect(await client.ping()).toMatchObject({ model: "served-model", detail: 'The model "served-model" answered.' });
    expect(requests[0].body).toMatchObject({ model: "planner-model", max_tokens: 1 });
  });
});
