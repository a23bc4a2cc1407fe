// The fake OpenAI-compatible server for tests and demos (scripts/fake-openai/): answers Chat Completions from scripted
// rules. `node --import tsx scripts/fake-openai.ts [--port 4010] [--host 127.0.0.1] [--scenario file.json]
// [--api-key K]`; the key may come from FAKE_OPENAI_API_KEY instead, which keeps it out of the process list.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { startFakeOpenAI, type FakeOpenAI, type FakeScenario } from "./fake-openai/index";

const USAGE = "usage: fake-openai [--port 4010] [--host 127.0.0.1] [--scenario file.json] [--api-key KEY]";

function parseCommandLine() {
  try {
    const { values } = parseArgs({
      options: {
        port: { type: "string", default: "4010" },
        host: { type: "string", default: "127.0.0.1" },
        scenario: { type: "string" },
        "api-key": { type: "string" },
        help: { type: "boolean", default: false },
      },
    });
    return values;
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
}

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

function readScenario(file: string): FakeScenario {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    fail(`Cannot read the scenario file ${file}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text) as FakeScenario;
  } catch (error) {
    fail(`The scenario file ${file} is not JSON: ${(error as Error).message}`);
  }
}

async function main(): Promise<void> {
  const options = parseCommandLine();
  if (options.help) {
    console.error(USAGE);
    return;
  }
  const port = Number(options.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be a port number, got "${options.port}".`);
  const scenario = options.scenario ? readScenario(options.scenario) : undefined;
  const apiKey = options["api-key"] ?? (process.env.FAKE_OPENAI_API_KEY || undefined);

  let fake: FakeOpenAI;
  try {
    fake = await startFakeOpenAI({ port, host: options.host, scenario, apiKey });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    fail(
      code === "EADDRINUSE"
        ? `Port ${port} is already in use; choose another with --port.`
        : `Cannot start: ${(error as Error).message}`,
    );
  }
  const stop = () => void fake.close().finally(() => process.exit(0));
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  const rules = scenario
    ? `${scenario.rules.length} rule(s) from ${options.scenario}`
    : "no rules yet (POST /__fake/rules)";
  console.log(`fake-openai listening on ${fake.url} (${rules}${apiKey ? ", API key required" : ""})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
