import { beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "@/lib/db/core";
import { as, demoUserId } from "@/lib/db/testing/review-test-support";
import { seedDatabase } from "@/lib/demo/seed";
import { startPlannedRunAction } from "../actions";

// "Plan it" in Run by request, called as the browser calls it, with real sessions and a real database.
vi.mock("next/headers", async () => (await import("@/test/request-context")).nextHeadersMock);

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
});

describe("startPlannedRunAction", () => {
  it("queues a planned run for the trimmed request, with no routine, started by the operator", async () => {
    await as("operator");
    const result = await startPlannedRunAction({ request: "  Book a meeting room for Friday  " });
    expect(result).toEqual({ ok: true, runId: expect.any(String) });
    const runId = (result as { runId: string }).runId;
    const run = await prisma.run.findUniqueOrThrow({ where: { id: runId } });
    expect(run).toMatchObject({
      routineId: null,
      versionId: null,
      request: "Book a meeting room for Friday",
      status: "queued",
      source: "ui",
      startedById: await demoUserId("operator"),
    });
    expect(JSON.parse(run.execution ?? "{}")).toMatchObject({ mode: "planned" });
  });

  it("refuses an empty or oversized request with a sentence, starting nothing", async () => {
    await as("operator");
    const before = await prisma.run.count();
    expect(await startPlannedRunAction({ request: "   " })).toEqual({
      ok: false,
      message: expect.stringMatching(/empty/),
    });
    expect(await startPlannedRunAction({ request: "x".repeat(8_001) })).toEqual({
      ok: false,
      message: expect.stringMatching(/too long/),
    });
    expect(await prisma.run.count()).toBe(before);
  });

  it("refuses who may not start runs and the signed-out", async () => {
    const before = await prisma.run.count();
    for (const who of ["author", "reviewer", "anonymous"] as const) {
      await as(who);
      expect(await startPlannedRunAction({ request: "Book a meeting room" }), who).toMatchObject({ ok: false });
    }
    expect(await prisma.run.count()).toBe(before);
  });
});
