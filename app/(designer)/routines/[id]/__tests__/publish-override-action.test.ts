import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { formData } from "@/test/request-context";
import { prisma } from "@/lib/db/core";
import { seedDatabase } from "@/lib/demo/seed";
import { suiteRun, twoVersions } from "@/lib/db/testing/eval-score-rows";
import { as, contentHashOf } from "@/lib/db/testing/review-test-support";
import { idleState } from "@/lib/forms";
import { publishVersionAction } from "../review-actions";

// The publish gate's override as the review page's dialog posts it: override=1 and the reason.
vi.mock("next/headers", async () => (await import("@/test/request-context")).nextHeadersMock);
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
});
beforeEach(() => as("reviewer"));

async function lowerCandidate() {
  const versions = await twoVersions();
  await suiteRun(versions.routineId, "Smoke", [
    { versionId: versions.candidateId, passed: 1, cases: 2 },
    { versionId: versions.publishedId, passed: 2, cases: 2 },
  ]);
  return versions;
}

const publishedOf = async (routineId: string) =>
  (await prisma.routine.findUniqueOrThrow({ where: { id: routineId } })).publishedVersionId;

describe("publishing over the gate", () => {
  it("without the override the form gets the gate's refusal; with a short reason, the reason's error", async () => {
    const { routineId, candidateId, publishedId } = await lowerCandidate();
    const fields = { routineId, versionId: candidateId, number: "2", contentHash: await contentHashOf(candidateId) };
    expect(await publishVersionAction(idleState, formData(fields))).toEqual({
      status: "error",
      message:
        "Version 2 scores lower than the published version 1 on “Smoke” (50.0% vs 100.0%). " +
        "Publishing it anyway needs an override with a reason.",
    });
    const short = await publishVersionAction(idleState, formData({ ...fields, override: "1", reason: "  meh  " }));
    expect(short).toMatchObject({
      status: "error",
      fieldErrors: { reason: ["Give a reason of at least 10 characters."] },
    });
    expect(await publishedOf(routineId)).toBe(publishedId);
  });

  it("with a reason it publishes, and the audit entry keeps the reason", async () => {
    const { routineId, candidateId } = await lowerCandidate();
    const reason = "Accepted: the failing case tests a retired policy.";
    expect(
      await publishVersionAction(
        idleState,
        formData({
          routineId,
          versionId: candidateId,
          number: "2",
          contentHash: await contentHashOf(candidateId),
          override: "1",
          reason,
        }),
      ),
    ).toEqual({ status: "success", message: "Version 2 is published in place of version 1; it is the one that runs." });
    expect(await publishedOf(routineId)).toBe(candidateId);
    const entry = await prisma.auditLog.findFirstOrThrow({
      where: { targetId: routineId, action: "routine.publish_overridden" },
    });
    expect(JSON.parse(entry.detail!)).toMatchObject({ reason, version: 2, published: 1 });
  });
});
