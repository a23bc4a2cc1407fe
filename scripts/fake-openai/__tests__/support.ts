import OpenAI, { type ClientOptions } from "openai";
import { afterEach } from "vitest";
import { startFakeOpenAI, type FakeOpenAI, type FakeOpenAIOptions } from "../index";

const started: FakeOpenAI[] = [];

/** A fake on a free port, closed after the test. */
export async function fakeServer(options: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  const fake = await startFakeOpenAI({ port: 0, ...options });
  started.push(fake);
  return fake;
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((fake) => fake.close()));
});

/** The official SDK pointed at the fake, without retries so every request shows up once. */
export function sdkFor(fake: FakeOpenAI, options: ClientOptions = {}): OpenAI {
  return new OpenAI({
    baseURL: fake.url,
    apiKey: "sk-test-key",
    maxRetries: 0,
    timeout: 5_000,
    logLevel: "off",
    ...options,
  });
}

export function userSays(text: string): OpenAI.ChatCompletionMessageParam[] {
  return [{ role: "user", content: text }];
}

export const weatherTool: OpenAI.ChatCompletionTool = {
  type: "function",
  function: {
    name: "get_weather",
    description: "Current weather in a city",
    parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  },
};
