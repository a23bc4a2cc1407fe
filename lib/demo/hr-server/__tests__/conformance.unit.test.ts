// Runs the official MCP conformance suite (@modelcontextprotocol/conformance) against the demo HR server over HTTP.
// Scenarios that ask for fixture tools (test_simple_text, …) or for features a tools-only server does not offer
// (resources, prompts, completions) do not apply: they are asserted to fail for exactly that reason, so a change in
// either the server or the suite shows up here. No fake tools are added to make them pass.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checksOf,
  FIXTURE_TOOL,
  knownServerScenarios,
  node24,
  OTHER_SCENARIOS,
  PASSING,
  problemsOf,
  runConformanceSuite,
  UNDECLARED_CAPABILITY,
  type Check,
} from "../testing/mcp-conformance";
import { startDemoHrHttpServer, type DemoHrHttpServer } from "../http-server";

let server: DemoHrHttpServer;
/** Each scenario's checks, from one run of the whole suite (a process per scenario cost ~30 CPU-seconds a run). */
let results: Map<string, Check[]>;

describe.skipIf(!node24.path).concurrent("MCP conformance suite against the demo HR server", () => {
  beforeAll(async () => {
    server = await startDemoHrHttpServer({ port: 0 });
    results = await runConformanceSuite(server.url);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("classifies every server scenario the suite knows", async () => {
    const classified = [...PASSING, ...OTHER_SCENARIOS, ...Object.keys(FIXTURE_TOOL), ...UNDECLARED_CAPABILITY].sort();
    expect(await knownServerScenarios()).toEqual(classified);
  });

  it.each(PASSING)("passes %s", (scenario) => {
    const checks = checksOf(results, scenario);
    expect(problemsOf(checks)).toEqual([]);
    expect(checks.some((check) => check.status === "SUCCESS")).toBe(true);
  });

  it("server-sse-polling: no failures; only the optional priming event and retry field (SSE resumability) are missing", () => {
    const checks = checksOf(results, "server-sse-polling");
    expect(checks.filter((check) => check.status === "FAILURE")).toEqual([]);
    expect(
      checks
        .filter((check) => check.status === "WARNING")
        .map((check) => check.id)
        .sort(),
    ).toEqual(["server-sse-priming-event", "server-sse-retry-field"]);
  });

  it.each(Object.entries(FIXTURE_TOOL))("does not apply: %s needs the suite's fixture tool %s", (scenario, tool) => {
    expect(checksOf(results, scenario).find((check) => check.status === "FAILURE")?.errorMessage).toMatch(
      new RegExp(`Unknown tool: ${tool}\\b`),
    );
  });

  it("does not apply: json-schema-2020-12 needs the suite's fixture tool json_schema_2020_12_tool", () => {
    expect(checksOf(results, "json-schema-2020-12").find((check) => check.status === "FAILURE")?.errorMessage).toMatch(
      /Tool 'json_schema_2020_12_tool' not found/,
    );
  });

  it.each(UNDECLARED_CAPABILITY)("does not apply: %s tests a capability the HR server does not declare", (scenario) => {
    expect(checksOf(results, scenario).find((check) => check.status === "FAILURE")?.errorMessage).toMatch(
      /Method not found/,
    );
  });
});
