import { AuthenticationError } from "openai";
import { describe, expect, it } from "vitest";
import type { RecordedRequest } from "../index";
import { fakeServer, sdkFor, userSays } from "./support";

const SECRET = "sk-fake-secret-4242";

describe("API key", () => {
  it("refuses requests without the key or with a wrong one in OpenAI's shape, never echoing a key", async () => {
    const fake = await fakeServer({ apiKey: SECRET, scenario: { rules: [{ reply: { content: "welcome" } }] } });

    const wrong = await sdkFor(fake, { apiKey: "sk-wrong-key" })
      .chat.completions.create({ model: "m", messages: userSays("hi") })
      .catch((error: unknown) => error);
    expect(wrong).toBeInstanceOf(AuthenticationError);
    expect((wrong as AuthenticationError).error).toMatchObject({
      type: "invalid_request_error",
      code: "invalid_api_key",
    });

    const missing = await fetch(`${fake.url}/models`);
    expect(missing.status).toBe(401);
    const missingText = await missing.text();
    expect(JSON.parse(missingText).error.message).toMatch(/didn't provide an API key/);

    const wrongText = await (
      await fetch(`${fake.url}/models`, { headers: { authorization: "Bearer sk-wrong-key" } })
    ).text();
    for (const text of [missingText, wrongText, JSON.stringify(wrong)]) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain("sk-wrong-key");
    }

    const completion = await sdkFor(fake, { apiKey: SECRET }).chat.completions.create({
      model: "m",
      messages: userSays("hi"),
    });
    expect(completion.choices[0].message.content).toBe("welcome");
    expect(JSON.stringify(fake.requests())).not.toContain(SECRET);
  });
});

describe("models", () => {
  it("lists the scripted models, or a default, for a test-connection screen", async () => {
    const fake = await fakeServer({ scenario: { rules: [], models: ["planner-large", "executor-small"] } });
    const client = sdkFor(fake);

    const ids: string[] = [];
    for await (const model of client.models.list()) ids.push(model.id);
    expect(ids).toEqual(["planner-large", "executor-small"]);
    expect((await client.models.retrieve("executor-small")).id).toBe("executor-small");
    await expect(client.models.retrieve("gpt-unknown")).rejects.toMatchObject({ status: 404 });

    fake.setScenario({ rules: [] });
    const defaults = await client.models.list();
    expect(defaults.data.map((model) => model.id)).toEqual(["fake-model"]);
  });

  it("answers unknown API paths with a 404 in OpenAI's shape", async () => {
    const fake = await fakeServer();
    const response = await fetch(`${fake.url}/images/generations`, { method: "POST", body: "{}" });
    expect(response.status).toBe(404);
    expect((await response.json()).error.message).toBe("Invalid URL (POST /v1/images/generations)");
  });
});

describe("control endpoints, as a browser test in another process uses them", () => {
  const post = (url: string, body: unknown) =>
    fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });

  it("appends rules, records requests without the authorization header, and resets", async () => {
    const fake = await fakeServer({ apiKey: SECRET });
    const control = new URL("/__fake/", fake.url);

    const appended = await post(new URL("rules", control).href, {
      rules: [{ id: "test-a", match: { lastMessageIncludes: "token-a1" }, reply: { content: "answer for A" } }],
    });
    expect(appended.status).toBe(200);
    expect(await appended.json()).toEqual({ ok: true, rules: 1 });
    await post(new URL("rules", control).href, {
      rules: [{ id: "test-b", match: { lastMessageIncludes: "token-b2" }, reply: { content: "answer for B" } }],
    });

    const client = sdkFor(fake, { apiKey: SECRET });
    const answerB = await client.chat.completions.create({ model: "m", messages: userSays("question token-b2") });
    const answerA = await client.chat.completions.create({ model: "m", messages: userSays("question token-a1") });
    expect([answerA.choices[0].message.content, answerB.choices[0].message.content]).toEqual([
      "answer for A",
      "answer for B",
    ]);

    const listed = (await (await fetch(new URL("requests", control))).json()) as { requests: RecordedRequest[] };
    expect(listed.requests.map((request) => [request.method, request.path, request.ruleId])).toEqual([
      ["POST", "/v1/chat/completions", "test-b"],
      ["POST", "/v1/chat/completions", "test-a"],
    ]);
    const [first] = listed.requests;
    expect(first.body).toMatchObject({ model: "m", messages: [{ role: "user", content: "question token-b2" }] });
    expect(first.headers["content-type"]).toBe("application/json");
    expect(first.headers.authorization).toBeUndefined();
    expect(Date.parse(first.at)).not.toBeNaN();

    expect((await post(new URL("reset", control).href, {})).status).toBe(200);
    expect(fake.requests()).toEqual([]);
    await expect(
      client.chat.completions.create({ model: "m", messages: userSays("question token-a1") }),
    ).rejects.toMatchObject({ status: 500 });
  });

  it("replaces the scenario", async () => {
    const fake = await fakeServer({ scenario: { rules: [{ reply: { content: "old" } }] } });
    const response = await post(new URL("/__fake/scenario", fake.url).href, {
      rules: [{ reply: { content: "new" } }],
      models: ["m2"],
    });
    expect(response.status).toBe(200);
    const completion = await sdkFor(fake).chat.completions.create({ model: "m2", messages: userSays("hi") });
    expect(completion.choices[0].message.content).toBe("new");
  });

  it("refuses a bad body with 400 and says what is wrong, keeping the rules it had", async () => {
    const fake = await fakeServer({ scenario: { rules: [{ reply: { content: "still here" } }] } });
    const rulesUrl = new URL("/__fake/rules", fake.url).href;

    const typo = await post(rulesUrl, { rules: [{ match: { lastMessageInclude: "x" }, reply: { content: "y" } }] });
    expect(typo.status).toBe(400);
    const typoMessage = (await typo.json()).error.message as string;
    expect(typoMessage).toContain("lastMessageInclude");
    expect(typoMessage).toContain("rules[0].match");

    const badFault = await post(rulesUrl, { rules: [{ fault: { kind: "explode" } }] });
    expect(badFault.status).toBe(400);
    expect((await badFault.json()).error.message).toContain("kind");

    expect((await post(rulesUrl, [{ reply: { content: "bare array" } }])).status).toBe(400);
    expect((await post(rulesUrl, "{not json")).status).toBe(400);
    expect((await post(new URL("/__fake/scenario", fake.url).href, { rules: "none" })).status).toBe(400);
    expect((await fetch(new URL("/__fake/unknown", fake.url))).status).toBe(404);

    const completion = await sdkFor(fake).chat.completions.create({ model: "m", messages: userSays("hi") });
    expect(completion.choices[0].message.content).toBe("still here");
    expect(fake.requests()).toHaveLength(1);
  });
});
