import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedToolGateway } from "../../tool-gateway";
import { prisma } from "../../db/core";
import { createRegistryToolPort, toOutcome } from "../run-tool-port";
import { seedDatabase } from "../../demo/seed";
import { createToolServer } from "../../db/tools";
import { as } from "../../db/testing/review-test-support";
import { objectSchema, startMutableMcpServer, type MutableMcpServer } from "../../db/testing/mutable-mcp-server";
import { signedIn } from "../../../test/request-context";

let mcp: MutableMcpServer;
const signal = new AbortController().signal;
const options = { idempotencyKey: "run:step", timeoutMs: 5_000, signal, runId: "run" };
const lookup = {
  name: "lookup",
  description: "Looks a person up",
  inputSchema: objectSchema({ id: { type: "string" }, year: { type: "integer" } }, ["id"]),
};

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  mcp = await startMutableMcpServer([lookup]);
  await as("admin");
  await createToolServer(signedIn(), { name: "people", transport: { kind: "http", url: mcp.url } });
  await createToolServer(signedIn(), { name: "off", transport: { kind: "http", url: mcp.url } });
  await prisma.toolServer.update({ where: { name: "off" }, data: { enabled: false } });
});
afterAll(async () => {
  await sharedToolGateway().close();
  await mcp.close();
});

describe("the registry tool port", () => {
  it("describes and checks a tool from its current snapshot, and calls it", async () => {
    const port = createRegistryToolPort();
    const tool = { server: "people", name: "lookup" };
    expect(await port.describe([tool, { server: "people", name: "gone" }])).toEqual([
      { server: "people", name: "lookup", description: "Looks a person up", inputSchema: lookup.inputSchema },
    ]);
    expect(await port.checkArguments(tool, { id: "E1" })).toEqual([]);
    expect((await port.checkArguments(tool, { year: "x" })).join("; ")).toMatch(/id.*required|required.*id/);
    expect(await port.call(tool, { id: "E1" }, options)).toEqual({
      ok: true,
      value: { tool: "lookup", arguments: { id: "E1" } },
      text: expect.any(String),
    });
  });

  it("fails without calling, and without retry, for an unknown or disabled server or a tool it no longer offers", async () => {
    const port = createRegistryToolPort();
    const before = mcp.requests;
    for (const [tool, message] of [
      [{ server: "nowhere", name: "lookup" }, /not registered/],
      [{ server: "off", name: "lookup" }, /disabled/],
      [{ server: "people", name: "gone" }, /no longer offers the tool "gone"/],
    ] as const) {
      expect(await port.call(tool, {}, options)).toEqual({
        ok: false,
        error: expect.stringMatching(message),
        retryable: false,
      });
      expect(await port.checkArguments(tool, {})).toEqual([expect.stringMatching(message)]);
    }
    expect(mcp.requests).toBe(before);
  });
});

describe("a tool's answer as an outcome", () => {
  const result = (fields: Partial<Parameters<typeof toOutcome>[0]>) =>
    toOutcome({ content: [], text: "", isError: false, durationMs: 1, bytes: 1, ...fields });

  it("prefers structured content, parses JSON text, and keeps any other text as it is", () => {
    expect(result({ structuredContent: { days: 3 }, text: "3 days" })).toEqual({
      ok: true,
      value: { days: 3 },
      text: "3 days",
    });
    expect(result({ text: '{"days": 3}' })).toEqual({ ok: true, value: { days: 3 }, text: '{"days": 3}' });
    expect(result({ text: "<html>garbage{" })).toEqual({ ok: true, value: "<html>garbage{", text: "<html>garbage{" });
    expect(result({ text: "{not json" })).toEqual({ ok: true, value: "{not json", text: "{not json" });
  });

  it("turns a tool's own error into a failure that is not retried", () => {
    expect(result({ isError: true, text: "Unknown employee" })).toEqual({
      ok: false,
      error: "Unknown employee",
      retryable: false,
    });
    expect(result({ isError: true, text: "  " })).toEqual({
      ok: false,
      error: "The tool reported an error without a message.",
      retryable: false,
    });
  });
});
