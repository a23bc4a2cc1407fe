import { beforeAll, describe, expect, it, vi } from "vitest";
import { formData } from "@/test/request-context";
import { idleState } from "@/lib/forms";
import { prisma } from "@/lib/db/core";
import { contextSettingsInEffect, RUN_CONTEXT_KEY } from "@/lib/runs/operations";
import { seedDatabase } from "@/lib/demo/seed";
import { as } from "@/lib/db/testing/review-test-support";
import { DEFAULT_CONTEXT_SETTINGS } from "@/lib/context-modes";
import { updateRunContextAction } from "../actions";

vi.mock("next/headers", async () => (await import("@/test/request-context")).nextHeadersMock);
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

// The models page's "Run context" card as a browser posts it: FormData in, a form state out.

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
});

const stored = async () => ({
  setting: await prisma.setting.findUnique({ where: { key: RUN_CONTEXT_KEY } }),
  audit: await prisma.auditLog.count({ where: { action: "settings.context_updated" } }),
});

const FORM = { mode: "full", lookahead: "3", budgetTokens: "12000", compressTokens: "800" };

describe("the run context action", () => {
  it("refuses non-admins before anything runs, and writes nothing", async () => {
    const start = await stored();
    for (const who of ["operator", "author", "reviewer", "anonymous"] as const) {
      await as(who);
      expect(await updateRunContextAction(idleState, formData(FORM))).toMatchObject({ status: "error" });
    }
    expect(await stored()).toEqual(start);
  });

  it("refuses blank, non-numeric and out-of-range values with a sentence per field, saving none", async () => {
    await as("admin");
    const start = await stored();
    expect(
      await updateRunContextAction(idleState, formData({ ...FORM, lookahead: "", budgetTokens: "lots" })),
    ).toMatchObject({
      status: "error",
      fieldErrors: {
        lookahead: [expect.stringMatching(/^Enter the lookahead as a whole number/)],
        budgetTokens: [expect.stringMatching(/^Enter the prompt budget as a number of tokens/)],
      },
    });
    expect(await updateRunContextAction(idleState, formData({ ...FORM, compressTokens: "10" }))).toMatchObject({
      status: "error",
      fieldErrors: { compressTokens: ["The compressor budget must be between 50 and 100,000."] },
    });
    expect(await updateRunContextAction(idleState, formData({ ...FORM, mode: "turbo" }))).toMatchObject({
      status: "error",
      fieldErrors: { mode: [expect.stringMatching(/^Choose full history/)] },
    });
    expect(await stored()).toEqual(start);
    expect(await contextSettingsInEffect()).toEqual(DEFAULT_CONTEXT_SETTINGS);
  });

  it("saves valid settings, which new runs then get, and says so", async () => {
    await as("admin");
    expect(await updateRunContextAction(idleState, formData(FORM))).toMatchObject({
      status: "success",
      message: expect.stringMatching(/^Saved\. Runs started from now on use full history context \(k = 3/),
    });
    expect(await contextSettingsInEffect()).toEqual({
      mode: "full",
      lookahead: 3,
      budgetTokens: 12_000,
      compressTokens: 800,
    });
    expect(await updateRunContextAction(idleState, formData(FORM))).toMatchObject({
      message: "Saved. Nothing had changed.",
    });
  });
});
