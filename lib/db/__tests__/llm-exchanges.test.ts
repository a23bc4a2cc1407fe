import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startFakeOpenAI, type FakeOpenAI } from "../../../scripts/fake-openai/index";
import { signedIn } from "../../../test/request-context";
import { LLM_ROLES, type LlmCallContext } from "../../llm";
import { prisma } from "../core";
import { seedDatabase } from "../../demo/seed";
import {
  getExchangeRetention,
  listModelExchanges,
  llmClientFor,
  MAX_EXCHANGE_BYTES,
  updateExchangeRetention,
} from "../llm";
import { as } from "../testing/review-test-support";

// Model exchanges kept with each call while the retention allows, cleared when it is lowered, read by admins only.

const KEY = "sk-exchange-db-secret-5521aa";
let fake: FakeOpenAI;

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  fake = await startFakeOpenAI({ port: 0, apiKey: KEY, scenario: { rules: [] } });
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await fake.close();
});
beforeEach(async () => {
  for (const role of LLM_ROLES) vi.stubEnv(`OPENAI_${role.toUpperCase()}_MODEL`, "");
  vi.stubEnv("OPENAI_BASE_URL", fake.url);
  vi.stubEnv("OPENAI_API_KEY", KEY);
  vi.stubEnv("OPENAI_EXECUTOR_MODEL", "fake-model");
  fake.reset();
  fake.setScenario({ rules: [{ match: { lastRole: "user" }, reply: { content: "Done: the leave is booked." } }] });
});

/** One real call through the executor's client, recorded as the runner's would be. */
async function call(context: LlmCallContext, text = "Book two days for E1") {
  const client = await llmClientFor("executor", context);
  await client.chat({
    purpose: context.stepRunId ? "runner.step" : "executor.agent",
    messages: [{ role: "user", content: text }],
    tools: [{ name: "book_leave", parameters: { type: "object", properties: { days: { type: "integer" } } } }],
  });
}

const rowsOf = (runId: string) => prisma.llmCall.findMany({ where: { runId }, orderBy: { at: "asc" } });

async function setRetention(days: number) {
  await as("admin");
  return updateExchangeRetention(signedIn(), { days });
}

describe("storing exchanges", () => {
  it("keeps the request and answer with the step run by default (30 days), never the API key", async () => {
    await as("admin");
    expect(await getExchangeRetention(signedIn())).toMatchObject({ days: 30, isDefault: true });
    await call({ runId: "run-a", stepRunId: "sr-a1" }, `Book two days; my key is ${KEY}`);
    const [row] = await rowsOf("run-a");
    expect(row).toMatchObject({ stepRunId: "sr-a1", status: "ok", model: "fake-model" });
    expect(JSON.parse(row!.request!)).toMatchObject({
      messages: [{ role: "user", content: "Book two days; my key is [redacted]" }],
      tools: [{ name: "book_leave" }],
    });
    expect(JSON.parse(row!.response!)).toEqual({
      content: "Done: the leave is booked.",
      toolCalls: [],
      finishReason: "stop",
    });
    expect(JSON.stringify(row)).not.toContain(KEY);
  });

  it("keeps only the usage while the retention is 0", async () => {
    await setRetention(0);
    await call({ runId: "run-zero", stepRunId: "sr-z" });
    const [row] = await rowsOf("run-zero");
    expect(row).toMatchObject({ stepRunId: "sr-z", status: "ok", request: null, response: null });
    expect(row!.inputTokens).toBeGreaterThan(0);
    await setRetention(30);
  });

  it("keeps a clipped form of an exchange over the size cap, and says so", async () => {
    await call({ runId: "run-big", stepRunId: "sr-big" }, `Summarise: ${"lorem ipsum ".repeat(40_000)}`);
    const [row] = await rowsOf("run-big");
    expect(Buffer.byteLength(row!.request!)).toBeLessThanOrEqual(MAX_EXCHANGE_BYTES);
    const request = JSON.parse(row!.request!);
    expect(request.clipped.originalBytes).toBeGreaterThan(MAX_EXCHANGE_BYTES);
    expect(request.messages[0].content).toMatch(/^Summarise: lorem ipsum.*more characters clipped\]$/);
  });

  it("keeps the first and the latest messages of a conversation too long even when clipped", async () => {
    const client = await llmClientFor("executor", { runId: "run-long" });
    const turns = Array.from({ length: 2_000 }, (_, index) => ({
      role: "user" as const,
      content: `turn ${index} ${"x".repeat(1_000)}`,
    }));
    await client.chat({ purpose: "executor.agent", messages: [{ role: "system", content: "Be brief." }, ...turns] });
    const [row] = await rowsOf("run-long");
    expect(Buffer.byteLength(row!.request!)).toBeLessThanOrEqual(MAX_EXCHANGE_BYTES);
    const request = JSON.parse(row!.request!);
    expect(request.clipped.omittedMessages).toBeGreaterThan(0);
    expect(request.messages[0]).toEqual({ role: "system", content: "Be brief." });
    expect(request.messages.at(-1).content).toMatch(/^turn 1999 x+/);
    expect(request.messages.length + request.clipped.omittedMessages).toBe(2_001);
  });
});

describe("the retention setting", () => {
  it("refuses values outside 0–365 and non-admins, writing nothing", async () => {
    await as("admin");
    for (const days of [-1, 366, 2.5, Number.NaN]) {
      await expect(updateExchangeRetention(signedIn(), { days })).rejects.toMatchObject({
        name: "ValidationError",
        fieldErrors: { days: [expect.stringMatching(/days/)] },
      });
    }
    for (const role of ["author", "operator", "reviewer"] as const) {
      await as(role);
      await expect(updateExchangeRetention(signedIn(), { days: 5 })).rejects.toMatchObject({ name: "ForbiddenError" });
      await expect(getExchangeRetention(signedIn())).rejects.toMatchObject({ name: "ForbiddenError" });
    }
    await as("admin");
    expect((await getExchangeRetention(signedIn())).days).toBe(30);
  });

  it("clears at once the exchanges older than a lowered retention, keeps the usage, and audits the change", async () => {
    await setRetention(30);
    await call({ runId: "run-old", stepRunId: "sr-old" });
    await call({ runId: "run-old", stepRunId: "sr-new" });
    // Looked up by step run, not by time: two calls can be recorded in the same millisecond.
    const old = (await rowsOf("run-old")).find((row) => row.stepRunId === "sr-old");
    await prisma.llmCall.update({ where: { id: old!.id }, data: { at: new Date(Date.now() - 10 * 86_400_000) } });

    expect(await setRetention(7)).toMatchObject({ days: 7, previous: 30, changed: true, cleared: 1 });
    const after = new Map((await rowsOf("run-old")).map((row) => [row.stepRunId, row]));
    expect([...after.values()].map((row) => [row.stepRunId, row.request === null, row.response === null])).toEqual([
      ["sr-old", true, true],
      ["sr-new", false, false],
    ]);
    expect(after.get("sr-old")!.inputTokens).toBe(old!.inputTokens);
    const audit = await prisma.auditLog.findFirst({
      where: { action: "settings.llm_updated", targetId: "llm.exchangeRetentionDays" },
      orderBy: { at: "desc" },
    });
    expect(JSON.parse(audit!.detail!)).toMatchObject({ from: 30, to: 7, clearedExchanges: 1 });

    // Raising it clears nothing; 0 clears every exchange left.
    expect(await setRetention(60)).toMatchObject({ cleared: 0 });
    expect((await rowsOf("run-old")).find((row) => row.stepRunId === "sr-new")!.request).not.toBeNull();
    await setRetention(0);
    expect(await prisma.llmCall.count({ where: { request: { not: null } } })).toBe(0);
    await setRetention(30);
  });
});

describe("reading a run's exchanges", () => {
  it("admins read a step run's exchanges, or the run-level ones, oldest first", async () => {
    await call({ runId: "run-read", stepRunId: "sr-1" }, "first step call");
    await call({ runId: "run-read", stepRunId: "sr-2" }, "other step call");
    await call({ runId: "run-read" }, "agent turn 1");
    await call({ runId: "run-read" }, "agent turn 2");
    await call({ runId: "run-elsewhere", stepRunId: "sr-1" }, "another run");
    await as("admin");

    const step = await listModelExchanges(signedIn(), { runId: "run-read", stepRunId: "sr-1" });
    expect(step.total).toBe(1);
    expect(step.exchanges[0]).toMatchObject({
      purpose: "runner.step",
      model: "fake-model",
      status: "ok",
      request: { messages: [{ role: "user", content: "first step call" }], tools: [{ name: "book_leave" }] },
      response: { content: "Done: the leave is booked.", finishReason: "stop" },
    });

    const run = await listModelExchanges(signedIn(), { runId: "run-read" });
    expect(run.exchanges.map((exchange) => exchange.request?.messages[0]?.content)).toEqual([
      "agent turn 1",
      "agent turn 2",
    ]);
    expect(run.exchanges.every((exchange) => exchange.purpose === "executor.agent")).toBe(true);
  });

  it("shows a failed call with its request and no answer", async () => {
    fake.setScenario({ rules: [{ match: { lastRole: "user" }, fault: { kind: "http", status: 400 } }] });
    await expect(call({ runId: "run-fail", stepRunId: "sr-f" })).rejects.toMatchObject({ code: "bad_request" });
    await as("admin");
    const { exchanges } = await listModelExchanges(signedIn(), { runId: "run-fail", stepRunId: "sr-f" });
    expect(exchanges).toEqual([
      expect.objectContaining({ status: "error", error: expect.stringMatching(/^bad_request/), response: null }),
    ]);
    expect(exchanges[0]!.request?.messages).toHaveLength(1);
  });

  it("refuses authors, operators and reviewers", async () => {
    for (const role of ["author", "operator", "reviewer"] as const) {
      await as(role);
      await expect(listModelExchanges(signedIn(), { runId: "run-read" })).rejects.toMatchObject({
        name: "ForbiddenError",
      });
    }
  });
});
