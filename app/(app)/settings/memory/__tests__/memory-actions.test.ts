import { beforeAll, describe, expect, it, vi } from "vitest";
import { formData } from "@/test/request-context";
import { idleState } from "@/lib/forms";
import { prisma } from "@/lib/db/core";
import { seedDatabase } from "@/lib/demo/seed";
import { as, contentHashOf } from "@/lib/db/testing/review-test-support";
import { DEFAULT_MEMORY_THRESHOLDS } from "@/lib/memory";
import { decideReview, publishVersion, submitForReview } from "@/lib/db/reviews";
import { createRoutine } from "@/lib/db/routines";
import { makeRoutine } from "@/lib/db/testing/routine-factories";
import { signedIn } from "@/test/request-context";
import { tryRetrievalAction, updateMemoryThresholdsAction } from "../actions";

vi.mock("next/headers", async () => (await import("@/test/request-context")).nextHeadersMock);
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

// The calibration page's actions as a browser posts them: FormData in, a form state out.

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  // One published routine, through the real review flow.
  await as("author");
  const routine = makeRoutine({
    name: "Report sick leave",
    description: "Records an employee's sick leave and tells their manager.",
    intents: ["report sick leave for tomorrow"],
  });
  const { id } = await createRoutine(signedIn(), { name: routine.name, routine });
  await submitForReview(signedIn(), { routineId: id, baseRevision: 0 });
  const { id: versionId } = await prisma.routineVersion.findFirstOrThrow({ where: { routineId: id } });
  await as("reviewer");
  await decideReview(signedIn(), { versionId, contentHash: await contentHashOf(versionId), decision: "approve" });
  await publishVersion(signedIn(), { versionId, contentHash: await contentHashOf(versionId) });
});

const stored = async () => ({
  setting: await prisma.setting.findUnique({ where: { key: "memory.thresholds" } }),
  audit: await prisma.auditLog.count(),
});

describe("the procedure memory page's actions", () => {
  it("refuses non-admins before anything runs, and writes nothing", async () => {
    const start = await stored();
    for (const who of ["operator", "author", "reviewer", "anonymous"] as const) {
      await as(who);
      const save = await updateMemoryThresholdsAction(idleState, formData({ minScore: "0", ambiguityMargin: "0" }));
      expect(save).toMatchObject({ status: "error" });
      const tried = await tryRetrievalAction(idleState, formData({ request: "report sick leave" }));
      expect(tried).toMatchObject({ status: "error" });
      expect(tried).not.toHaveProperty("data");
    }
    expect(await stored()).toEqual(start);
  });

  it("refuses blank, non-numeric and out-of-range values with a sentence per field, saving neither", async () => {
    await as("admin");
    const start = await stored();
    expect(
      await updateMemoryThresholdsAction(idleState, formData({ minScore: "", ambiguityMargin: "abc" })),
    ).toMatchObject({
      status: "error",
      fieldErrors: {
        minScore: [expect.stringMatching(/^Enter the minimum score as a number/)],
        ambiguityMargin: [expect.stringMatching(/^Enter the ambiguity margin as a number/)],
      },
    });
    expect(
      await updateMemoryThresholdsAction(idleState, formData({ minScore: "0.5", ambiguityMargin: "0.9" })),
    ).toMatchObject({
      status: "error",
      fieldErrors: { ambiguityMargin: ["The ambiguity margin is between 0 and 0.5."] },
    });
    expect(await updateMemoryThresholdsAction(idleState, formData({ minScore: "0.5" }))).toMatchObject({
      status: "error",
      fieldErrors: { ambiguityMargin: [expect.any(String)] },
    });
    expect(await stored()).toEqual(start);
  });

  it("saves valid thresholds, and a tried request shows candidates decided under them", async () => {
    await as("admin");
    const tried = await tryRetrievalAction(idleState, formData({ request: "  report sick leave for tomorrow " }));
    expect(tried).toMatchObject({
      status: "success",
      data: { request: "report sick leave for tomorrow", decision: "match", thresholds: DEFAULT_MEMORY_THRESHOLDS },
    });
    expect(
      await updateMemoryThresholdsAction(idleState, formData({ minScore: "1", ambiguityMargin: "0.1" })),
    ).toMatchObject({
      status: "success",
      message: expect.stringMatching(/^Saved\./),
    });
    expect(await tryRetrievalAction(idleState, formData({ request: "report sick leave for tomorrow" }))).toMatchObject({
      status: "success",
      data: { decision: "none", thresholds: { minScore: 1, ambiguityMargin: 0.1 } },
    });
    expect(await tryRetrievalAction(idleState, formData({ request: "   " }))).toMatchObject({
      status: "error",
      fieldErrors: { request: [expect.stringMatching(/empty/)] },
    });
  });
});
