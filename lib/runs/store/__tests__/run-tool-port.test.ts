import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sharedToolGateway } from "../../../tool-gateway";
import { prisma } from "../../../db/core";
import { createRegistryToolPort, toOutcome } from "../run-tool-port";
import { seedDatabase } from "../../../demo/seed";
import { createToolServer, setToolSideEffects } from "../../../db/tools";
import { as } from "../../../db/testing/review-test-support";
import { objectSchema, startMutableMcpServer, type MutableMcpServer } from "../../../db/testing/mutable-mcp-server";
import { signedIn } from "../../../../test/request-context";

let mcp: MutableMcpServer;
const signal = new AbortController().signal;
const options = { idempotencyKey: "run:step", timeoutMs: 5_000, signal, runId: "run" };
const lookup = {
  name: "lookup",
  description: "Looks a person up",
  inputSchema: objectSchema({ id: { type: "string" }, year: { type: "integer" } }, ["id"]),
};
// Declares itself read-only; `lookup` says nothing, so it counts as changing data (lib/tools/side-effects.ts).
const reader = { ...lookup, name: "reader", annotations: { readOnlyHint: true } };
const writer = {
  ...lookup,
  name: "writer",
  annotations: { readOnlyHint: false },
  outputSchema: objectSchema({ id: { type: "string" }, saved: { type: "boolean" } }, ["id", "saved"]),
};

/** A run row the port reads its sandbox fact from: `source` and, for a sub-routine run, its parent. */
async function insertRun(id: string, source: string, parentRunId: string | null = null) {
  await prisma.run.create({ data: { id, routineName: "Port test", status: "running", source, parentRunId } });
}

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  mcp = await startMutableMcpServer([lookup, reader, writer]);
  await insertRun("run", "ui");
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
      origin: "live",
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

  it("reads the registry once for all the calls that find a tool's entry missing or expired at the same moment", async () => {
    let clock = 0;
    const port = createRegistryToolPort({ now: () => clock });
    const tool = { server: "people", name: "lookup" };
    const reads = vi.spyOn(prisma.toolSnapshot, "findFirst");
    try {
      const checks = () => Promise.all(Array.from({ length: 20 }, () => port.checkArguments(tool, { id: "E1" })));
      expect(await checks()).toEqual(Array.from({ length: 20 }, () => []));
      expect(reads).toHaveBeenCalledTimes(1);
      clock += 4_000;
      await checks();
      expect(reads).toHaveBeenCalledTimes(1);
      // Past the 5 s it trusts an entry for, it reads again: once, for all 20.
      clock += 2_000;
      await checks();
      expect(reads).toHaveBeenCalledTimes(2);
    } finally {
      reads.mockRestore();
    }
  });
});

describe("the evaluation sandbox in the tool port", () => {
  const call = (port: ReturnType<typeof createRegistryToolPort>, name: string, runId: string) =>
    port.call({ server: "people", name }, { id: "E1" }, { ...options, idempotencyKey: `${runId}:s1`, runId });

  it("answers an evaluation run's call of a tool that changes data with a labelled simulated answer, sending nothing", async () => {
    await insertRun("eval-run", "eval");
    await insertRun("eval-child", "subroutine", "eval-run");
    await insertRun("eval-grandchild", "subroutine", "eval-child");
    const port = createRegistryToolPort();
    const before = mcp.requests;
    for (const runId of ["eval-run", "eval-child", "eval-grandchild", "no-such-run"]) {
      const unannotated = await call(port, "lookup", runId);
      expect(unannotated).toMatchObject({ ok: true, origin: "simulated", value: { id: "E1", simulated: true } });
      expect(unannotated.ok && unannotated.text).toMatch(/^Simulated answer: people\/lookup changes data/);
      // Shaped by the tool's output schema, so a later step can bind `saved`.
      expect(await call(port, "writer", runId)).toMatchObject({
        ok: true,
        origin: "simulated",
        value: { id: "E1", saved: false, simulated: true },
      });
    }
    expect(mcp.requests).toBe(before);
  });

  it("calls a read-only tool live in an evaluation run, and follows an admin's override at the next call", async () => {
    await insertRun("eval-reads", "eval");
    const port = createRegistryToolPort();
    expect(await call(port, "reader", "eval-reads")).toMatchObject({ ok: true, origin: "live" });
    const server = await prisma.toolServer.findUniqueOrThrow({ where: { name: "people" } });
    await as("admin");
    await setToolSideEffects(signedIn(), { serverId: server.id, toolName: "reader", sideEffects: "writes" });
    await setToolSideEffects(signedIn(), { serverId: server.id, toolName: "lookup", sideEffects: "read_only" });
    expect(await call(port, "reader", "eval-reads")).toMatchObject({ ok: true, origin: "simulated" });
    expect(await call(port, "lookup", "eval-reads")).toMatchObject({ ok: true, origin: "live" });
    await setToolSideEffects(signedIn(), { serverId: server.id, toolName: "reader", sideEffects: null });
    await setToolSideEffects(signedIn(), { serverId: server.id, toolName: "lookup", sideEffects: null });
    expect(await call(port, "reader", "eval-reads")).toMatchObject({ ok: true, origin: "live" });
    expect(await call(port, "lookup", "eval-reads")).toMatchObject({ ok: true, origin: "simulated" });
  });

  it("calls every tool live for a run no evaluation started", async () => {
    const port = createRegistryToolPort();
    const before = mcp.requests;
    expect(await call(port, "writer", "run")).toMatchObject({ ok: true, origin: "live" });
    expect(mcp.requests).toBeGreaterThan(before);
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
