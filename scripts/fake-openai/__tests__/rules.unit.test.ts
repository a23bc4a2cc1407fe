import { APIError } from "openai";
import { describe, expect, it } from "vitest";
import { chatRequestSchema } from "../chat-request";
import { ruleMatches } from "../match";
import { startFakeOpenAI } from "../index";
import { fakeServer, sdkFor, userSays, weatherTool } from "./support";

const toolRound = chatRequestSchema.parse({
  model: "planner-1",
  tools: [weatherTool],
  response_format: { type: "json_object" },
  messages: [
    { role: "system", content: "You plan routines." },
    { role: "user", content: [{ type: "text", text: "What is the weather in Oslo?" }] },
    {
      role: "assistant",
      content: null,
      tool_calls: [{ id: "c1", type: "function", function: { name: "get_weather", arguments: '{"city":"Oslo"}' } }],
    },
    { role: "tool", tool_call_id: "c1", content: "Oslo: 4 °C, rain" },
  ],
});

describe("rule matching", () => {
  it("checks each condition against the request", () => {
    expect(ruleMatches(undefined, toolRound)).toBe(true);
    expect(ruleMatches({}, toolRound)).toBe(true);
    expect(ruleMatches({ lastRole: "tool" }, toolRound)).toBe(true);
    expect(ruleMatches({ lastRole: "user" }, toolRound)).toBe(false);
    expect(ruleMatches({ lastMessageIncludes: "4 °C" }, toolRound)).toBe(true);
    expect(ruleMatches({ lastMessageIncludes: "weather in Oslo" }, toolRound)).toBe(false);
    expect(ruleMatches({ anyMessageIncludes: "weather in Oslo" }, toolRound)).toBe(true);
    expect(ruleMatches({ anyMessageIncludes: '"city":"Oslo"' }, toolRound)).toBe(true);
    expect(ruleMatches({ anyMessageIncludes: "Bergen" }, toolRound)).toBe(false);
    expect(ruleMatches({ model: "planner-1" }, toolRound)).toBe(true);
    expect(ruleMatches({ model: "planner" }, toolRound)).toBe(false);
    expect(ruleMatches({ hasTools: true }, toolRound)).toBe(true);
    expect(ruleMatches({ hasTools: false }, toolRound)).toBe(false);
    expect(ruleMatches({ responseFormat: "json_object" }, toolRound)).toBe(true);
    expect(ruleMatches({ responseFormat: "text" }, toolRound)).toBe(false);
    expect(ruleMatches({ toolResultIncludes: "rain" }, toolRound)).toBe(true);
    expect(ruleMatches({ toolResultIncludes: "You plan" }, toolRound)).toBe(false);
  });

  it("needs every given condition to hold", () => {
    expect(ruleMatches({ lastRole: "tool", toolResultIncludes: "rain", model: "planner-1" }, toolRound)).toBe(true);
    expect(ruleMatches({ lastRole: "tool", toolResultIncludes: "snow" }, toolRound)).toBe(false);
  });

  it("treats a request without tools or response format as hasTools false and text", () => {
    const plain = chatRequestSchema.parse({ model: "m", messages: userSays("hi") });
    expect(ruleMatches({ hasTools: false, responseFormat: "text" }, plain)).toBe(true);
  });
});

describe("rules over HTTP", () => {
  it("answers with the first matching rule, skips a rule whose times are used up, and logs which rule answered", async () => {
    const fake = await fakeServer({
      scenario: {
        rules: [
          { id: "first-time", match: { lastMessageIncludes: "status" }, times: 1, reply: { content: "warming up" } },
          { id: "status", match: { lastMessageIncludes: "status" }, reply: { content: "all good" } },
          { reply: { content: "fallback" } },
        ],
      },
    });
    const client = sdkFor(fake);
    const say = async (text: string) =>
      (await client.chat.completions.create({ model: "m", messages: userSays(text) })).choices[0].message.content;

    expect(await say("status?")).toBe("warming up");
    expect(await say("status?")).toBe("all good");
    expect(await say("status?")).toBe("all good");
    expect(await say("anything else")).toBe("fallback");
    expect(fake.requests().map((request) => request.ruleId)).toEqual(["first-time", "status", "status", "#2"]);
  });

  it("puts added rules after the current ones and restores the start-up scenario on reset", async () => {
    const fake = await fakeServer({
      scenario: { rules: [{ match: { lastMessageIncludes: "ping" }, times: 1, reply: { content: "pong" } }] },
    });
    const client = sdkFor(fake);
    const say = async (text: string) =>
      (await client.chat.completions.create({ model: "m", messages: userSays(text) })).choices[0].message.content;

    fake.addRules([{ reply: { content: "added" } }]);
    expect(await say("ping")).toBe("pong");
    expect(await say("ping")).toBe("added");

    fake.reset();
    expect(fake.requests()).toEqual([]);
    expect(await say("ping")).toBe("pong");
    await expect(say("ping")).rejects.toMatchObject({ status: 500 });

    fake.setScenario({ rules: [{ reply: { content: "replaced" } }] });
    expect(await say("ping")).toBe("replaced");
  });

  it("fails loudly with a 500 naming the unmatched message when no rule matches", async () => {
    const fake = await fakeServer({ scenario: { rules: [{ match: { model: "other" }, reply: { content: "x" } }] } });
    const longQuestion = `Please summarise ${"the quarterly HR report ".repeat(20)}`;

    const error = await sdkFor(fake)
      .chat.completions.create({ model: "m", messages: userSays(longQuestion) })
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(APIError);
    const apiError = error as APIError;
    expect(apiError.status).toBe(500);
    expect(apiError.message).toContain("fake-openai: no rule matches");
    expect(apiError.message).toContain(longQuestion.slice(0, 200));
    expect(apiError.message).not.toContain(longQuestion.slice(0, 201));
    expect(fake.requests()[0].ruleId).toBeNull();
  });

  it("refuses invalid rules with every problem named", async () => {
    await expect(
      startFakeOpenAI({ scenario: { rules: [{ match: { lastMessage: "typo" } } as never] } }),
    ).rejects.toThrow(/^(?=[\s\S]*"lastMessage")(?=[\s\S]*reply or a fault)/);
    const fake = await fakeServer();
    expect(() => fake.addRules([{ reply: { content: "a", json: { b: 1 } } }])).toThrow(/either content or json/);
    expect(() => fake.addRules([{ times: 0, fault: { kind: "http", status: 200 } }] as never)).toThrow(
      /^(?=[\s\S]*rules\[0\]\.times)(?=[\s\S]*rules\[0\]\.fault\.status)/,
    );
  });

  it("rejects a malformed chat request the way the API does", async () => {
    const fake = await fakeServer({ scenario: { rules: [{ reply: { content: "x" } }] } });
    const response = await fetch(`${fake.url}/chat/completions`, {
      method: "POST",
      body: JSON.stringify({ model: "m", messages: [] }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { type: string; param: string; message: string } };
    expect(body.error).toMatchObject({ type: "invalid_request_error", param: "messages" });

    const notJson = await fetch(`${fake.url}/chat/completions`, { method: "POST", body: "{model" });
    expect(notJson.status).toBe(400);
  });
});
