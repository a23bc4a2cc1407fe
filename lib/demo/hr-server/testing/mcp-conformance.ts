// Runs the official MCP conformance suite (@modelcontextprotocol/conformance) against a server under test, for the
// demo HR server's test and the /api/mcp endpoint's. The suite needs Node >= 22; scripts/lib/node24.mjs provides
// that binary (or MCP_CONFORMANCE_NODE points at one).
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { ensureNode24 } from "../../../../scripts/lib/node24.mjs";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../../../..");
const suite = path.join(root, "node_modules/@modelcontextprotocol/conformance/dist/index.js");
export const node24 = ensureNode24();
if (node24.path === null) console.warn(`Skipping the MCP conformance suite: ${node24.reason}`);

/** Scenarios a tools server over Streamable HTTP must pass. */
export const PASSING = [
  "server-initialize",
  "ping",
  "tools-list",
  "logging-set-level",
  "server-sse-multiple-streams",
  "dns-rebinding-protection",
];

/** Scenarios that call a fixture tool of the suite's reference server; a real server answers "Unknown tool". */
export const FIXTURE_TOOL: Record<string, string> = {
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

/** Scenarios for capabilities a tools-only server does not declare; it answers "Method not found". */
export const UNDECLARED_CAPABILITY = [
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

/** Every scenario the lists above do not name: the optional SSE polling, and a fixture tool of another shape. */
export const OTHER_SCENARIOS = ["server-sse-polling", "json-schema-2020-12"];

export type Check = { id: string; status: "SUCCESS" | "FAILURE" | "WARNING" | "INFO"; errorMessage?: string };

/**
 * Runs every server scenario the suite knows against `url`, in one process, and reads the checks.json each scenario
 * writes into a folder of its own (`server-<scenario>-<time>`). The suite exits 1 (some scenarios do not apply); a
 * crash leaves no folders, and every test then fails for want of its scenario.
 */
export async function runConformanceSuite(url: string): Promise<Map<string, Check[]>> {
  const outputDir = mkdtempSync(path.join(tmpdir(), "mcp-conformance-"));
  const args = [suite, "server", "--url", url, "--suite", "all", "-o", outputDir];
  // Asynchronous on purpose: the server under test runs in this process and must keep answering.
  await run(node24.path!, args, { cwd: root, timeout: 90_000 }).catch((error: { code?: unknown }) => {
    if (typeof error.code !== "number") throw error;
  });
  return new Map(
    readdirSync(outputDir).map((folder) => [
      folder.replace(/^server-/, "").replace(/-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/, ""),
      JSON.parse(readFileSync(path.join(outputDir, folder, "checks.json"), "utf8")) as Check[],
    ]),
  );
}

/** The scenario names the suite lists for servers, sorted. */
export async function knownServerScenarios(): Promise<string[]> {
  const { stdout } = await run(node24.path!, [suite, "list", "--server"], { cwd: root });
  return [...stdout.matchAll(/^\s+- (\S+)/gm)].map((match) => match[1]!).sort();
}

/** A scenario's checks from a suite run; fails naming the scenarios that ran when it is missing. */
export function checksOf(results: Map<string, Check[]>, scenario: string): Check[] {
  const checks = results.get(scenario);
  if (!checks)
    throw new Error(`The suite wrote no results for ${scenario} (it ran: ${[...results.keys()].join(", ")})`);
  return checks;
}

/** The failures and warnings of a scenario's checks. */
export const problemsOf = (checks: Check[]) =>
  checks.filter((check) => check.status !== "SUCCESS" && check.status !== "INFO");

/**
 * The suite's verdicts as tests, for a tools-only server over Streamable HTTP: every scenario classified, the
 * applicable ones passed, SSE polling without failures (only the optional resumability warnings), and the others
 * failing for exactly the reason they do not apply (a fixture tool, an undeclared capability). `results` is read
 * when the tests run, after the caller's beforeAll ran the suite.
 */
export function conformanceVerdicts(results: () => Map<string, Check[]>): void {
  it("classifies every server scenario the suite knows", async () => {
    const classified = [...PASSING, ...OTHER_SCENARIOS, ...Object.keys(FIXTURE_TOOL), ...UNDECLARED_CAPABILITY].sort();
    expect(await knownServerScenarios()).toEqual(classified);
  });

  it.each(PASSING)("passes %s", (scenario) => {
    const checks = checksOf(results(), scenario);
    expect(problemsOf(checks)).toEqual([]);
    expect(checks.some((check) => check.status === "SUCCESS")).toBe(true);
  });

  it("server-sse-polling: no failures; only the optional priming event and retry field (SSE resumability) are missing", () => {
    const checks = checksOf(results(), "server-sse-polling");
    expect(checks.filter((check) => check.status === "FAILURE")).toEqual([]);
    const warnings = checks.filter((check) => check.status === "WARNING").map((check) => check.id);
    expect(warnings.sort()).toEqual(["server-sse-priming-event", "server-sse-retry-field"]);
  });

  it.each(Object.entries(FIXTURE_TOOL))("does not apply: %s needs the suite's fixture tool %s", (scenario, tool) => {
    expect(checksOf(results(), scenario).find((check) => check.status === "FAILURE")?.errorMessage).toMatch(
      new RegExp(`Unknown tool: ${tool}\\b`),
    );
  });

  it("does not apply: json-schema-2020-12 needs the suite's fixture tool json_schema_2020_12_tool", () => {
    expect(
      checksOf(results(), "json-schema-2020-12").find((check) => check.status === "FAILURE")?.errorMessage,
    ).toMatch(/Tool 'json_schema_2020_12_tool' not found/);
  });

  it.each(UNDECLARED_CAPABILITY)(
    "does not apply: %s tests a capability a tools-only server does not declare",
    (scenario) => {
      expect(checksOf(results(), scenario).find((check) => check.status === "FAILURE")?.errorMessage).toMatch(
        /Method not found/,
      );
    },
  );
}
