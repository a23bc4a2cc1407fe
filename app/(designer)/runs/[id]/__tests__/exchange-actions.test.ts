import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { formData } from "@/test/request-context";
import { idleState } from "@/lib/forms";
import { prisma } from "@/lib/db/core";
import { seedDatabase } from "@/lib/demo/seed";
import { as } from "@/lib/db/testing/review-test-support";
import { updateExchangeRetentionAction } from "../../../../(app)/settings/models/actions";
import { loadModelExchangesAction } from "../exchange-actions";

// The run page's model-exchange action and the settings form's retention action, called as the browser calls them.
vi.mock("next/headers", async () => (await import("@/test/request-context")).nextHeadersMock);
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

const exchange = (stepRunId: string | null, text: string) => ({
  id: randomUUID(),
  role: "executor",
  model: "fake-model",
  purpose: stepRunId ? "runner.step" : "executor.agent",
  runId: "run-x",
  stepRunId,
  inputTokens: 10,
  outputTokens: 4,
  status: "ok",
  request: JSON.stringify({ messages: [{ role: "user", content: text }] }),
  response: JSON.stringify({ content: "ok", toolCalls: [], finishReason: "stop" }),
});

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  await prisma.llmCall.createMany({ data: [exchange("sr-1", "for the step"), exchange(null, "agent turn")] });
});

describe("loadModelExchangesAction", () => {
  it("gives an admin a step's exchanges, with plain dates, and the run-level ones without a step", async () => {
    await as("admin");
    const step = await loadModelExchangesAction("run-x", "sr-1");
    expect(step).toMatchObject({
      ok: true,
      total: 1,
      exchanges: [
        {
          purpose: "runner.step",
          at: expect.stringMatching(/^\d{4}-/),
          request: { messages: [{ content: "for the step" }] },
        },
      ],
    });
    const run = await loadModelExchangesAction("run-x", null);
    expect(run).toMatchObject({ ok: true, exchanges: [{ purpose: "executor.agent" }] });
  });

  it("refuses everyone else, saying why", async () => {
    for (const role of ["author", "operator", "reviewer"] as const) {
      await as(role);
      const result = await loadModelExchangesAction("run-x", "sr-1");
      expect(result).toMatchObject({ ok: false, message: expect.stringMatching(/admin/i) });
      expect(result).not.toHaveProperty("exchanges");
    }
  });
});

describe("updateExchangeRetentionAction", () => {
  it("names what is wrong with the days, and saves a valid value saying what it cleared", async () => {
    await as("admin");
    for (const days of ["", "abc", "400", "-2", "1.5"]) {
      const result = await updateExchangeRetentionAction(idleState, formData({ days }));
      expect(result).toMatchObject({ status: "error", fieldErrors: { days: [expect.any(String)] } });
    }
    await prisma.llmCall.updateMany({ where: { runId: "run-x" }, data: { at: new Date(Date.now() - 3 * 86_400_000) } });
    expect(await updateExchangeRetentionAction(idleState, formData({ days: "1" }))).toEqual({
      status: "success",
      message: "Saved. Model exchanges are kept for 1 day. 2 older exchanges were cleared.",
    });
    expect(await updateExchangeRetentionAction(idleState, formData({ days: "1" }))).toMatchObject({
      message: "Saved. Nothing had changed.",
    });
  });

  it("refuses non-admins", async () => {
    await as("operator");
    expect(await updateExchangeRetentionAction(idleState, formData({ days: "5" }))).toMatchObject({ status: "error" });
  });
});
