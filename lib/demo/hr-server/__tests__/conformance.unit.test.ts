// Runs the official MCP conformance suite (@modelcontextprotocol/conformance) against the demo HR server over HTTP.
// The suite needs Node >= 22; scripts/lib/node24.mjs provides that binary (or MCP_CONFORMANCE_NODE points at one).
// Scenarios that ask for fixture tools (test_simple_text, …) or for features a tools-only server does not offer
// (resources, prompts, completions) do not apply: they are asserted to fail for exactly that reason, so a change in
// either the server or the suite shows up here. No fake tools are added to make them pass.
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureNode24 } from "../../../../scripts/lib/node24.mjs";
import { startDemoHrHttpServer, type DemoHrHttpServer } from "../http-server";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../../../..");
const suite = path.join(root, "node_modules/@modelcontextprotocol/conformance/dist/index.js");
const node24 = ensureNode24();
if (node24.path === null) console.warn(`Skipping the MCP conformance suite: ${node24.reason}`);

/** Scenarios a tools server over Streamable HTTP must pass. */
const PASSING = [
  "server-initialize",
  "ping",
  "tools-list",
  "logging-set-level",
  "server-sse-multiple-streams",
  "dns-rebinding-protection",
];

/** Scenarios that call a fixture tool of the suite's reference server; the HR server answers "Unknown tool". */
const FIXTURE_TOOL: Record<string, string> = {
  "tools-call-simple-text": "test_simple_text",
  "tools-call-image": "test_image_content",
  "tools-call-audio": "test_audio_content",
  "tools-call-embedded-resource": "test_embedded_resource",
  "tools-call-mixed-content": "test_multiple_content_types",
  "tools-call-with-logging": "test_tool_with_logging",
  "tools-call-error": "test_error_handling",
  "tools-call-with-progress": "test_tool_with_progress",
  "tools-call-sampling": "test_sampling",
  "tools-call-elicitation": "test_elicitation",
  "elicitation-sep1034-defaults": "test_elicitation_sep1034_defaults",
  "elicitation-sep1330-enums": "test_elicitation_sep1330_enums",
};

/** Scenarios for capabilities the HR server does not declare; it answers "Method not found". */
const UNDECLARED_CAPABILITY = [
  "completion-complete",
  "resources-list",
  "resources-read-text",
  "resources-read-binary",
  "resources-templates-read",
  "resources-subscribe",
  "resources-unsubscribe",
  "prompts-list",
  "prompts-get-simple",
  "prompts-get-with-args",
  "prompts-get-embedded-resource",
  "prompts-get-with-image",
];

type Check = { id: string; status: "SUCCESS" | "FAILURE" | "WARNING" | "INFO"; errorMessage?: string };

let server: DemoHrHttpServer;
/** Each scenario's checks, from one run of the whole suite (a process per scenario cost ~30 CPU-seconds a run). */
let results: Map<string, Check[]>;

/**
 * Runs every server scenario the suite knows against the server, in one process, and reads the checks.json each
 * scenario writes into a folder of its own (`server-<scenario>-<time>`). The suite exits 1 (scenarios below do not
 * apply); a crash leaves no folders, and every test then fails for want of its scenario.
 */
async function runSuite(): Promise<Map<string, Check[]>> {
  const outputDir = mkdtempSync(path.join(tmpdir(), "demo-hr-conformance-"));
  const args = [suite, "server", "--url", server.url, "--suite", "all", "-o", outputDir];
  // Asynchronous on purpose: the server under test runs in this process and must keep answering.
  await run(node24.path!, args, { cwd: root, timeout: 60_000 }).catch((error: { code?: unknown }) => {
    if (typeof error.code !== "number") throw error;
  });
  return new Map(
    readdirSync(outputDir).map((folder) => [
      folder.replace(/^server-/, "").replace(/-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/, ""),
      JSON.parse(readFileSync(path.join(outputDir, folder, "checks.json"), "utf8")) as Check[],
    ]),
  );
}

function checksOf(scenario: string): Check[] {
  const checks = results.get(scenario);
  if (!checks)
    throw new Error(`The suite wrote no results for ${scenario} (it ran: ${[...results.keys()].join(", ")})`);
  return checks;
}

describe.skipIf(!node24.path).concurrent("MCP conformance suite against the demo HR server", () => {
  beforeAll(async () => {
    server = await startDemoHrHttpServer({ port: 0 });
    results = await runSuite();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("classifies every server scenario the suite knows", async () => {
    const { stdout } = await run(node24.path!, [suite, "list", "--server"], { cwd: root });
    const known = [...stdout.matchAll(/^\s+- (\S+)/gm)].map((match) => match[1]).sort();
    const classified = [
      ...PASSING,
      "server-sse-polling",
      "json-schema-2020-12",
      ...Object.keys(FIXTURE_TOOL),
      ...UNDECLARED_CAPABILITY,
    ].sort();
    expect(known).toEqual(classified);
  });

  it.each(PASSING)("passes %s", (scenario) => {
    const checks = checksOf(scenario);
    expect(checks.filter((check) => check.status !== "SUCCESS" && check.status !== "INFO")).toEqual([]);
    expect(checks.some((check) => check.status === "SUCCESS")).toBe(true);
  });

  it("server-sse-polling: no failures; only the optional priming event and retry field (SSE resumability) are missing", () => {
    const checks = checksOf("server-sse-polling");
    expect(checks.filter((check) => check.status === "FAILURE")).toEqual([]);
    expect(
      checks
        .filter((check) => check.status === "WARNING")
        .map((check) => check.id)
        .sort(),
    ).toEqual(["server-sse-priming-event", "server-sse-retry-field"]);
  });

  it.each(Object.entries(FIXTURE_TOOL))("does not apply: %s needs the suite's fixture tool %s", (scenario, tool) => {
    expect(checksOf(scenario).find((check) => check.status === "FAILURE")?.errorMessage).toMatch(
      new RegExp(`Unknown tool: ${tool}\\b`),
    );
  });

  it("does not apply: json-schema-2020-12 needs the suite's fixture tool json_schema_2020_12_tool", () => {
    expect(checksOf("json-schema-2020-12").find((check) => check.status === "FAILURE")?.errorMessage).toMatch(
      /Tool 'json_schema_2020_12_tool' not found/,
    );
  });

  it.each(UNDECLARED_CAPABILITY)("does not apply: %s tests a capability the HR server does not declare", (scenario) => {
    expect(checksOf(scenario).find((check) => check.status === "FAILURE")?.errorMessage).toMatch(/Method not found/);
  });
});
