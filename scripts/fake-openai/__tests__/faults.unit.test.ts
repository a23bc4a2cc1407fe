import OpenAI, { APIConnectionTimeoutError, APIError, InternalServerError, RateLimitError } from "openai";
import { describe, expect, it } from "vitest";
import type { FakeRule } from "../index";
import { fakeServer, sdkFor, userSays, weatherTool } from "./support";

const question = { model: "m", messages: userSays("Plan the onboarding") };

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error("expected the request to fail");
    },
    (error: unknown) => error,
  );
}

/** Reads a stream to its end, keeping what arrived before it broke. */
async function drain(stream: AsyncIterable<OpenAI.ChatCompletionChunk>) {
  const chunks: OpenAI.ChatCompletionChunk[] = [];
  try {
    for await (const chunk of stream) chunks.push(chunk);
    return { chunks, error: undefined };
  } catch (error) {
    return { chunks, error };
  }
}

describe("faults", () => {
  it("answers 429 with retry-after, and a client that retries gets the next rule's answer", async () => {
    const rateLimited: FakeRule = {
      id: "limited",
      times: 1,
      fault: { kind: "http", status: 429, message: "Slow down, please.", retryAfterSeconds: 0.05 },
    };
    const fake = await fakeServer({
      scenario: { rules: [rateLimited, { id: "ok", reply: { content: "Here is the plan." } }] },
    });

    const error = await failure(sdkFor(fake).chat.completions.create(question));
    expect(error).toBeInstanceOf(RateLimitError);
    const limited = error as RateLimitError;
    expect(limited.status).toBe(429);
    expect(limited.headers?.get("retry-after")).toBe("1");
    expect(limited.headers?.get("retry-after-ms")).toBe("50");
    expect(limited.error).toMatchObject({
      message: "Slow down, please.",
      type: "requests",
      code: "rate_limit_exceeded",
    });

    fake.reset();
    const completion = await sdkFor(fake, { maxRetries: 1 }).chat.completions.create(question);
    expect(completion.choices[0].message.content).toBe("Here is the plan.");
    expect(fake.requests().map((request) => request.ruleId)).toEqual(["limited", "ok"]);
  });

  it("answers 500 (and other statuses) in OpenAI's error shape, streaming or not", async () => {
    const fake = await fakeServer({
      scenario: { rules: [{ fault: { kind: "http", status: 500, message: "Upstream exploded." } }] },
    });
    const client = sdkFor(fake);

    const plain = await failure(client.chat.completions.create(question));
    expect(plain).toBeInstanceOf(InternalServerError);
    expect((plain as APIError).error).toMatchObject({ message: "Upstream exploded.", type: "server_error" });

    const streamed = await failure(client.chat.completions.create({ ...question, stream: true }));
    expect(streamed).toBeInstanceOf(InternalServerError);

    fake.setScenario({ rules: [{ fault: { kind: "http", status: 503 } }] });
    const unavailable = await failure(client.chat.completions.create(question));
    expect((unavailable as APIError).status).toBe(503);
    expect((unavailable as APIError).message).toMatch(/overloaded/);
  });

  it("sends a 200 whose body is not JSON, and a stream event that is not JSON; the SDK throws on both", async () => {
    const fake = await fakeServer({
      scenario: { rules: [{ reply: { content: "fine words" }, fault: { kind: "malformed-json" } }] },
    });
    const client = sdkFor(fake);

    expect(await failure(client.chat.completions.create(question))).toBeInstanceOf(SyntaxError);

    const { chunks, error } = await drain(await client.chat.completions.create({ ...question, stream: true }));
    expect(error).toBeInstanceOf(SyntaxError);
    expect(chunks).toHaveLength(1);
  });

  it("sends tool call arguments that do not parse, streaming or not", async () => {
    const fake = await fakeServer({
      scenario: {
        rules: [
          {
            reply: { toolCalls: [{ name: "get_weather", arguments: { city: "Oslo" } }] },
            fault: { kind: "invalid-tool-arguments" },
          },
        ],
      },
    });
    const client = sdkFor(fake);
    const request = { ...question, tools: [weatherTool] };

    const plain = await client.chat.completions.create(request);
    const [call] = plain.choices[0].message.tool_calls ?? [];
    expect(call.type === "function" && call.function.name).toBe("get_weather");
    expect(() => JSON.parse(call.type === "function" ? call.function.arguments : "")).toThrow(SyntaxError);

    const streamed = await client.chat.completions.stream(request).finalChatCompletion();
    const [streamedCall] = streamed.choices[0].message.tool_calls ?? [];
    expect(() => JSON.parse(streamedCall.type === "function" ? streamedCall.function.arguments : "")).toThrow(
      SyntaxError,
    );
  });

  it("hangs until the client's timeout, streaming or not, and close() still returns at once", async () => {
    const fake = await fakeServer({ scenario: { rules: [{ fault: { kind: "hang" } }] } });
    const client = sdkFor(fake, { timeout: 200 });

    expect(await failure(client.chat.completions.create(question))).toBeInstanceOf(APIConnectionTimeoutError);
    expect(await failure(client.chat.completions.create({ ...question, stream: true }))).toBeInstanceOf(
      APIConnectionTimeoutError,
    );

    const pending = sdkFor(fake, { timeout: 60_000 })
      .chat.completions.create(question)
      .catch((error: unknown) => error);
    await expect.poll(() => fake.requests().length).toBe(3);
    const started = Date.now();
    await fake.close();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await pending).toBeInstanceOf(Error);
  });

  it("drops the connection mid-response, streaming or not", async () => {
    const fake = await fakeServer({
      scenario: {
        rules: [
          { reply: { content: "A long answer that will never fully arrive at the client." }, fault: { kind: "drop" } },
        ],
      },
    });
    const client = sdkFor(fake);

    // A broken connection, not an HTTP error status.
    const plain = await failure(client.chat.completions.create(question));
    expect(plain).toBeInstanceOf(Error);
    expect(plain).not.toBeInstanceOf(APIError);

    const { chunks, error } = await drain(await client.chat.completions.create({ ...question, stream: true }));
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(APIError);
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.some((chunk) => chunk.choices[0]?.finish_reason)).toBe(false);
  });

  it("waits delayMs before answering, and before the first stream chunk", async () => {
    const fake = await fakeServer({ scenario: { rules: [{ delayMs: 300, reply: { content: "late" } }] } });
    const client = sdkFor(fake);

    let started = Date.now();
    await client.chat.completions.create(question);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);

    started = Date.now();
    const stream = await client.chat.completions.create({ ...question, stream: true });
    const iterator = stream[Symbol.asyncIterator]();
    await iterator.next();
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    await drain({ [Symbol.asyncIterator]: () => iterator });
  });
});
