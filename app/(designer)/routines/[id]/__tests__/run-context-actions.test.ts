import { beforeAll, describe, expect, it, vi } from "vitest";
import { formData, signedIn } from "@/test/request-context";
import { idleState } from "@/lib/forms";
import { prisma } from "@/lib/db/core";
import { updateRunContextSettings } from "@/lib/runs/operations";
import { seedDatabase } from "@/lib/demo/seed";
import { as, demoUserId } from "@/lib/db/testing/review-test-support";
import { publishedRoutine } from "@/lib/runs/store/testing/run-test-support";
import { loadRunFormAction, startRunAction } from "../run-actions";

// The Run dialog's context choice, posted as the browser posts it: preselected from the setting in effect, stored
// on the run over the admin's other settings, and a bad value refused beside the field with nothing started.
vi.mock("next/headers", async () => (await import("@/test/request-context")).nextHeadersMock);

const ADMIN_SETTINGS = { mode: "compressed", lookahead: 1, budgetTokens: 4_000, compressTokens: 300 } as const;

let routineId: string;

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  ({ routineId } = await publishedRoutine({ ownerId: await demoUserId("admin") }));
  await as("admin");
  await updateRunContextSettings(signedIn(), ADMIN_SETTINGS);
});

const start = (fields: Record<string, string>) =>
  startRunAction(idleState, formData({ routineId, mode: "form", inputs: JSON.stringify({ ticket: "x" }), ...fields }));

describe("the Run dialog's context", () => {
  it("preselects the mode in effect, and stores the chosen mode over the admin's other settings", async () => {
    await as("operator");
    expect(await loadRunFormAction(routineId)).toMatchObject({ ok: true, form: { contextMode: "compressed" } });
    const started = await start({ "context.mode": "full", "context.lookahead": "7" });
    expect(started).toMatchObject({ status: "success" });
    const run = await prisma.run.findUniqueOrThrow({
      where: { id: (started as { data: { runId: string } }).data.runId },
    });
    expect(JSON.parse(run.execution)).toMatchObject({
      context: { ...ADMIN_SETTINGS, mode: "full", lookahead: 7 },
    });
  });

  it("refuses a bad value with the setting's message on the context field, and starts nothing", async () => {
    await as("operator");
    const before = await prisma.run.count();
    expect(await start({ "context.mode": "everything" })).toMatchObject({
      status: "error",
      fieldErrors: { context: ["Choose full history, plan-aware or compressed."] },
    });
    expect(await start({ "context.lookahead": "two" })).toMatchObject({
      status: "error",
      fieldErrors: { context: ["Enter the lookahead as a number."] },
    });
    expect(await prisma.run.count()).toBe(before);
  });
});
