// Runs the official MCP conformance suite (@modelcontextprotocol/conformance) against the demo HR server over HTTP.
// Scenarios that ask for fixture tools (test_simple_text, …) or for features a tools-only server does not offer
// (resources, prompts, completions) do not apply: they are asserted to fail for exactly that reason, so a change in
// either the server or the suite shows up here. No fake tools are added to make them pass.
import { afterAll, beforeAll, describe } from "vitest";
import { conformanceVerdicts, node24, runConformanceSuite, type Check } from "../testing/mcp-conformance";
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

  conformanceVerdicts(() => results);
});
