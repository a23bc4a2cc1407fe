import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import OpenAI from "openai";
import { afterEach, describe, expect, it } from "vitest";
import { startFakeOpenAIServer } from "../../lib/fake-openai.mjs";

const root = path.resolve(import.meta.dirname, "../../..");
const demoScenario = path.join(root, "scripts/fake-openai/scenarios/demo.json");
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

function runCli(args: string[]): { child: ChildProcess; url: Promise<string>; output: () => string } {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/fake-openai.ts", ...args], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  const url = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]);
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
  return { child, url, output: () => output };
}

describe("fake-openai CLI", () => {
  it("starts with the demo scenario and a key, answers the SDK, and stops cleanly on SIGTERM", async () => {
    const { child, url } = runCli(["--port", "0", "--scenario", demoScenario, "--api-key", "demo-key"]);
    const baseURL = await url;
    expect(baseURL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);

    const client = new OpenAI({ baseURL, apiKey: "demo-key", maxRetries: 0, timeout: 5_000 });
    const completion = await client.chat.completions.create({
      model: "anything",
      messages: [{ role: "user", content: "Is this thing on?" }],
    });
    expect(completion.choices[0].message.content).toMatch(/Hello from the fake OpenAI server/);
    await expect(new OpenAI({ baseURL, apiKey: "other", maxRetries: 0 }).models.list()).rejects.toMatchObject({
      status: 401,
    });

    child.kill("SIGTERM");
    const [code] = await once(child, "exit");
    expect(code).toBe(0);
  });

  it("refuses a scenario file with invalid rules and says why", async () => {
    const { url, output } = runCli(["--port", "0", "--scenario", path.join(root, "package.json")]);
    await expect(url).rejects.toThrow(/exited with 2/);
    expect(output()).toMatch(/invalid scenario/);
  });

  it("is started by the starter other scripts use, with the key passed in its environment", async () => {
    const { url, child } = await startFakeOpenAIServer(0, process.env, { apiKey: "starter-key" });
    children.push(child);
    const client = new OpenAI({ baseURL: url, apiKey: "starter-key", maxRetries: 0, timeout: 5_000 });
    expect((await client.models.list()).data.map((model) => model.id)).toEqual(["fake-model"]);
    expect(child.spawnargs.join(" ")).not.toContain("starter-key");
  });
});
