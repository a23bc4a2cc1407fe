import type OpenAI from "openai";
import { zodResponseFormat } from "openai/helpers/zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fakeServer, sdkFor, userSays, weatherTool } from "./support";

function functionCalls(message: { tool_calls?: OpenAI.ChatCompletionMessageToolCall[] }) {
  return (message.tool_calls ?? []).flatMap((call) =>
    call.type === "function" ? [{ id: call.id, ...call.function }] : [],
  );
}

const twoCalls = [
  {
    id: "call_paris",
    name: "get_weather",
    arguments: { city: "Paris", details: { units: "metric", days: [1, 2, 3] } },
  },
  { name: "get_weather", arguments: { city: "Zürich — 東京" } },
];

describe("chat completions through the openai SDK", () => {
  it("answers a plain reply as a chat.completion", async () => {
    const fake = await fakeServer({ scenario: { rules: [{ reply: { content: "Hello, Ada." } }] } });
    const completion = await sdkFor(fake).chat.completions.create({
      model: "gpt-test",
      messages: userSays("Say hello"),
    });

    expect(completion.object).toBe("chat.completion");
    expect(completion.model).toBe("gpt-test");
    expect(completion.id).toMatch(/^chatcmpl-/);
    expect(completion.choices[0].message).toMatchObject({ role: "assistant", content: "Hello, Ada." });
    expect(completion.choices[0].message.tool_calls).toBeUndefined();
    expect(completion.choices[0].finish_reason).toBe("stop");
  });

  it("sends a json reply that the SDK parses against a json_schema response format", async () => {
    const Plan = z.object({ title: z.string(), steps: z.array(z.object({ tool: z.string(), why: z.string() })) });
    const plan = { title: "Onboard", steps: [{ tool: "hr.create_employee", why: "record the hire" }] };
    const fake = await fakeServer({
      scenario: { rules: [{ match: { responseFormat: "json_schema" }, reply: { json: plan } }] },
    });

    const completion = await sdkFor(fake).chat.completions.parse({
      model: "gpt-test",
      messages: userSays("Plan the onboarding"),
      response_format: zodResponseFormat(Plan, "plan"),
    });

    expect(completion.choices[0].message.parsed).toEqual(plan);
    const sent = fake.requests()[0].body as {
      response_format: { type: string; json_schema: { name: string; strict: boolean } };
    };
    expect(sent.response_format.type).toBe("json_schema");
    expect(sent.response_format.json_schema).toMatchObject({ name: "plan", strict: true });
  });

  it("returns one tool call and two parallel ones, arguments as JSON strings", async () => {
    const fake = await fakeServer({
      scenario: {
        rules: [
          {
            match: { lastMessageIncludes: "one city" },
            reply: { toolCalls: [{ name: "get_weather", arguments: { city: "Oslo" } }] },
          },
          { match: { lastMessageIncludes: "two cities" }, reply: { toolCalls: twoCalls } },
        ],
      },
    });
    const client = sdkFor(fake);

    const single = await client.chat.completions.create({
      model: "m",
      messages: userSays("Weather in one city"),
      tools: [weatherTool],
    });
    expect(single.choices[0].finish_reason).toBe("tool_calls");
    expect(single.choices[0].message.content).toBeNull();
    const [only] = functionCalls(single.choices[0].message);
    expect(only.name).toBe("get_weather");
    expect(only.id).toMatch(/^call_/);
    expect(JSON.parse(only.arguments)).toEqual({ city: "Oslo" });

    const parallel = await client.chat.completions.create({
      model: "m",
      messages: userSays("Weather in two cities"),
      tools: [weatherTool],
    });
    const calls = functionCalls(parallel.choices[0].message);
    expect(calls.map((call) => call.id)[0]).toBe("call_paris");
    expect(new Set(calls.map((call) => call.id)).size).toBe(2);
    expect(calls.map((call) => JSON.parse(call.arguments))).toEqual(twoCalls.map((call) => call.arguments));
  });

  it("streams content in several deltas, then the finish reason, usage and [DONE]", async () => {
    const text = "Routines are step-by-step plans that an agent follows.";
    const fake = await fakeServer({ scenario: { rules: [{ reply: { content: text } }] } });
    const stream = await sdkFor(fake).chat.completions.create({
      model: "m",
      messages: userSays("What is a routine?"),
      stream: true,
      stream_options: { include_usage: true },
    });

    const chunks: OpenAI.ChatCompletionChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);

    expect(chunks[0].choices[0].delta.role).toBe("assistant");
    const contentDeltas = chunks.flatMap((chunk) =>
      chunk.choices[0]?.delta.content ? [chunk.choices[0].delta.content] : [],
    );
    expect(contentDeltas.length).toBeGreaterThan(2);
    expect(contentDeltas.join("")).toBe(text);
    expect(chunks.at(-2)?.choices[0].finish_reason).toBe("stop");
    expect(chunks.at(-1)?.choices).toEqual([]);
    expect(chunks.at(-1)?.usage?.total_tokens).toBeGreaterThan(0);
    expect(new Set(chunks.map((chunk) => chunk.id)).size).toBe(1);
  });

  it("streams parallel tool calls that the SDK's stream helper reassembles exactly", async () => {
    const fake = await fakeServer({
      scenario: { rules: [{ reply: { content: "Checking both.", toolCalls: twoCalls } }] },
    });
    const client = sdkFor(fake);
    const request = { model: "m", messages: userSays("Weather in two cities"), tools: [weatherTool] };

    const raw = await client.chat.completions.create({ ...request, stream: true });
    const argumentPieces: string[] = [];
    for await (const chunk of raw) {
      for (const call of chunk.choices[0]?.delta.tool_calls ?? [])
        if (call.index === 0 && call.function?.arguments) argumentPieces.push(call.function.arguments);
    }
    expect(argumentPieces.length).toBeGreaterThan(2);

    const streamed = await client.chat.completions.stream(request).finalChatCompletion();
    const plain = await client.chat.completions.create(request);
    expect(streamed.choices[0].finish_reason).toBe("tool_calls");
    expect(streamed.choices[0].message.content).toBe("Checking both.");
    const reassembled = functionCalls(streamed.choices[0].message);
    expect(reassembled.map((call) => JSON.parse(call.arguments))).toEqual(twoCalls.map((call) => call.arguments));
    expect(reassembled.map(({ name, arguments: args }) => ({ name, args }))).toEqual(
      functionCalls(plain.choices[0].message).map(({ name, arguments: args }) => ({ name, args })),
    );
  });

  it("streams a structured reply that the stream helper parses", async () => {
    const Answer = z.object({ verdict: z.enum(["approve", "reject"]), reasons: z.array(z.string()) });
    const answer = { verdict: "reject", reasons: ["step 3 calls a tool the routine does not pin", "no end step"] };
    const fake = await fakeServer({ scenario: { rules: [{ reply: { json: answer } }] } });

    const final = await sdkFor(fake)
      .chat.completions.stream({
        model: "m",
        messages: userSays("Review"),
        response_format: zodResponseFormat(Answer, "review"),
      })
      .finalChatCompletion();

    expect(final.choices[0].message.parsed).toEqual(answer);
  });

  it("reports scripted usage as given and estimates it at a quarter token per character otherwise", async () => {
    const fake = await fakeServer({
      scenario: {
        rules: [
          {
            match: { lastMessageIncludes: "scripted" },
            reply: { content: "ok", usage: { prompt_tokens: 1234, completion_tokens: 56 } },
          },
          { reply: { content: "1234567890" } },
        ],
      },
    });
    const client = sdkFor(fake);

    const scripted = await client.chat.completions.create({ model: "m", messages: userSays("scripted") });
    expect(scripted.usage).toMatchObject({ prompt_tokens: 1234, completion_tokens: 56, total_tokens: 1290 });

    // The prompt text is the messages joined by newlines: 14 + 1 + 8 = 23 characters, so 6 tokens; the answer 10, so 3.
    const messages: OpenAI.ChatCompletionMessageParam[] = [
      { role: "system", content: "You are a bot." },
      { role: "user", content: "hi there" },
    ];
    const estimated = await client.chat.completions.create({ model: "m", messages });
    expect(estimated.usage).toMatchObject({ prompt_tokens: 6, completion_tokens: 3, total_tokens: 9 });

    const streamed = await client.chat.completions
      .stream({ model: "m", messages, stream_options: { include_usage: true } })
      .finalChatCompletion();
    expect(streamed.usage).toMatchObject({ prompt_tokens: 6, completion_tokens: 3, total_tokens: 9 });
  });

  it("honours a scripted finish reason", async () => {
    const fake = await fakeServer({
      scenario: { rules: [{ reply: { content: "The plan has twelve st", finishReason: "length" } }] },
    });
    const completion = await sdkFor(fake).chat.completions.create({
      model: "m",
      messages: userSays("Long plan"),
      max_completion_tokens: 5,
    });
    expect(completion.choices[0].finish_reason).toBe("length");
    expect((fake.requests()[0].body as { max_completion_tokens: number }).max_completion_tokens).toBe(5);
  });
});
