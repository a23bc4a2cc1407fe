// The official MCP conformance suite against /api/mcp: the route's handler over HTTP, with the demo library
// published, authenticated as an operator's API token. The suite sends no Authorization header of its own, so the
// HTTP bridge adds the token, as a configured client would. SQLite only: the suite checks the protocol, which is
// the same on either database.
import { afterAll, beforeAll, describe, vi } from "vitest";
import {
  conformanceVerdicts,
  node24,
  runConformanceSuite,
  type Check,
} from "../../../demo/hr-server/testing/mcp-conformance";
import { signedIn } from "../../../../test/request-context";
import { as } from "../../../db/testing/review-test-support";
import { createApiToken } from "../../../db/users";
import { type DemoHrHttpServer, startDemoHrHttpServer } from "../../../demo/hr-server";
import { registerDemoToolServer, seedDatabase } from "../../../demo/seed";
import { sharedToolGateway } from "../../../tool-gateway";
import { closeAllSessions, handleMcpRequest } from "..";
import { serveHandler, type Bridge } from "../testing/http-bridge";

vi.mock("next/headers", async () => (await import("../../../../test/request-context")).nextHeadersMock);

let hr: DemoHrHttpServer;
let bridge: Bridge;
let results: Map<string, Check[]>;
const appUrl = process.env.BETTER_AUTH_URL;

describe.skipIf(!node24.path).concurrent("MCP conformance suite against /api/mcp", () => {
  beforeAll(async () => {
    await seedDatabase({ mode: "demo" });
    hr = await startDemoHrHttpServer({ port: 0 });
    await registerDemoToolServer(hr.url);
    await seedDatabase({ mode: "demo", demoRoutines: true });
    await as("operator");
    const { token } = await createApiToken(signedIn(), {
      name: "conformance",
      scopes: ["runs:start"],
      expiresInDays: 7,
    });
    bridge = await serveHandler(handleMcpRequest, "/api/mcp", { authorization: `Bearer ${token}` });
    // The app is served at the bridge's address here: requests from its own origin are accepted, others refused.
    process.env.BETTER_AUTH_URL = bridge.origin;
    results = await runConformanceSuite(bridge.url);
  }, 120_000);
  afterAll(async () => {
    process.env.BETTER_AUTH_URL = appUrl;
    await closeAllSessions();
    await bridge?.close();
    await sharedToolGateway().close();
    await hr?.close();
  });

  conformanceVerdicts(() => results);
});
