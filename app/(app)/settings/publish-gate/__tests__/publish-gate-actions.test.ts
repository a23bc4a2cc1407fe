import { beforeAll, describe, expect, it, vi } from "vitest";
import { formData, signedIn } from "@/test/request-context";
import { idleState } from "@/lib/forms";
import { prisma } from "@/lib/db/core";
import { seedDatabase } from "@/lib/demo/seed";
import { as, contentHashOf } from "@/lib/db/testing/review-test-support";
import { suiteRun, twoVersions } from "@/lib/db/testing/eval-score-rows";
import { getVersionEvaluation, publishVersion } from "@/lib/db/reviews";
import { updatePublishGateRuleAction } from "../actions";

vi.mock("next/headers", async () => (await import("@/test/request-context")).nextHeadersMock);
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

// The publish gate's rule as an admin sets it from Settings → Publish gate, and what it changes for a reviewer.

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
});

const stored = async () => ({
  setting: await prisma.setting.findUnique({ where: { key: "reviews.publish_gate" } }),
  audit: await prisma.auditLog.count({ where: { action: "settings.publish_gate_updated" } }),
});

describe("the publish gate's rule", () => {
  it("refuses non-admins and a rule that does not exist, and writes nothing", async () => {
    const start = await stored();
    for (const who of ["operator", "author", "reviewer", "anonymous"] as const) {
      await as(who);
      expect(await updatePublishGateRuleAction(idleState, formData({ rule: "interval" }))).toMatchObject({
        status: "error",
      });
    }
    await as("admin");
    const bad = await updatePublishGateRuleAction(idleState, formData({ rule: "vibes" }));
    expect(bad).toMatchObject({
      status: "error",
      fieldErrors: { rule: ["Choose point figures or the 95% interval."] },
    });
    expect(await stored()).toEqual(start);
  });

  it("judges on the paired interval once an admin chooses it: noise passes, a real drop still blocks", async () => {
    // 3 of 5 against 4 of 5 on the same cases: one case differs.
    const noisy = await twoVersions();
    await suiteRun(noisy.routineId, "Leave requests", [
      { versionId: noisy.candidateId, passed: 3, cases: 5 },
      { versionId: noisy.publishedId, passed: 4, cases: 5 },
    ]);
    // 0 of 12 against 12 of 12: every case differs.
    const broken = await twoVersions();
    await suiteRun(broken.routineId, "Leave requests", [
      { versionId: broken.candidateId, passed: 0, cases: 12 },
      { versionId: broken.publishedId, passed: 12, cases: 12 },
    ]);
    await as("reviewer");
    expect((await getVersionEvaluation(signedIn(), { versionId: noisy.candidateId })).gate).toMatchObject({
      blocked: true,
      rule: "point",
    });

    await as("admin");
    expect(await updatePublishGateRuleAction(idleState, formData({ rule: "interval" }))).toMatchObject({
      status: "success",
    });
    expect((await stored()).audit).toBe(1);

    await as("reviewer");
    const gate = (await getVersionEvaluation(signedIn(), { versionId: noisy.candidateId })).gate;
    expect(gate).toMatchObject({ blocked: false, rule: "interval" });
    expect(gate.rows[0]!.reason).toMatch(/^Not distinguishably worse: −20\.0 points \(95% interval .*5 paired cases/);
    await publishVersion(signedIn(), {
      versionId: noisy.candidateId,
      contentHash: await contentHashOf(noisy.candidateId),
    });
    expect((await prisma.routine.findUniqueOrThrow({ where: { id: noisy.routineId } })).publishedVersionId).toBe(
      noisy.candidateId,
    );

    await expect(
      publishVersion(signedIn(), {
        versionId: broken.candidateId,
        contentHash: await contentHashOf(broken.candidateId),
      }),
    ).rejects.toThrow(/scores lower than the published version 1 on “Leave requests” \(0\.0% vs 100\.0%\)/);
    expect((await prisma.routine.findUniqueOrThrow({ where: { id: broken.routineId } })).publishedVersionId).toBe(
      broken.publishedId,
    );

    await as("admin");
    await updatePublishGateRuleAction(idleState, formData({ rule: "point" }));
  });
});
