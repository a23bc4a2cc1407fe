import { revalidatePath } from "next/cache";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { formData, signedIn } from "@/test/request-context";
import { prisma } from "@/lib/db/core";
import { decideReview, getVersionReview, submitForReview } from "@/lib/db/reviews";
import { createRoutine } from "@/lib/db/routines";
import { seedDatabase } from "@/lib/demo/seed";
import { hrToolFixture } from "@/lib/db/testing/hr-tool-fixture";
import { as, contentHashOf, lifecycleState } from "@/lib/db/testing/review-test-support";
import { idleState } from "@/lib/forms";
import { decideReviewAction, publishVersionAction } from "../review-actions";

// The bait-and-switch of issue #29 through the server actions as the review page posts them: the reviewer's page
// read version 1 (its content hash in the form), the author switched its steps under the same version id, and the
// reviewer's Approve or the publisher's Publish arrives with the old hash.
vi.mock("next/headers", async () => (await import("@/test/request-context")).nextHeadersMock);
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

let hr: Awaited<ReturnType<typeof hrToolFixture>>;

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  hr = await hrToolFixture();
});
beforeEach(() => vi.mocked(revalidatePath).mockClear());

const CHANGED = (verb: string, done: string) =>
  `Version 1 changed since you opened this page, so you would be ${verb} content you have not seen. ` +
  `Nothing was ${done}: the page now shows the version as it is, review it again.`;

/** Version 1 reads an employee; the reviewer opens its review; the author switches it to a write and resubmits. */
async function switchedWhileOpen() {
  await as("author");
  const { id: routineId } = await createRoutine(signedIn(), {
    name: `Switch ${Math.random().toString(36).slice(2, 7)}`,
    routine: hr.routineCalling("get_employee"),
  });
  const { versionId } = await submitForReview(signedIn(), { routineId, baseRevision: 0 });
  await as("reviewer");
  const seen = await getVersionReview(signedIn(), { routineId, number: 1 });

  await hr.switchToWrite(routineId);
  return { routineId, versionId, seenHash: seen.contentHash };
}

describe("the review page's Approve after the version was switched", () => {
  it("is refused with nothing written and the review page refreshed; Approve on the reloaded page approves", async () => {
    const { routineId, versionId, seenHash } = await switchedWhileOpen();
    await as("reviewer");
    const before = await lifecycleState();
    const fields = { routineId, versionId, number: "1", decision: "approve", comment: "" };
    expect(await decideReviewAction(idleState, formData({ ...fields, contentHash: seenHash }))).toEqual({
      status: "error",
      message: CHANGED("deciding on", "decided"),
    });
    expect(await lifecycleState()).toEqual(before);
    expect(await prisma.review.count({ where: { versionId } })).toBe(0);
    // The page is re-rendered with the version as it is now, so the reviewer sees the switched step.
    expect(revalidatePath).toHaveBeenCalledWith(`/routines/${encodeURIComponent(routineId)}/review/1`);

    const reloaded = await getVersionReview(signedIn(), { routineId, number: 1 });
    expect(reloaded.routine.steps.map((step) => step.name)).toContain("Update the employee's contact");
    expect(await decideReviewAction(idleState, formData({ ...fields, contentHash: reloaded.contentHash }))).toEqual({
      status: "success",
      message: "Version 1 was approved; it can be published now.",
    });
  });

  it("a form without the content hash is refused before anything is decided", async () => {
    const { routineId, versionId } = await switchedWhileOpen();
    await as("reviewer");
    const before = await lifecycleState();
    expect(
      await decideReviewAction(idleState, formData({ routineId, versionId, number: "1", decision: "approve" })),
    ).toMatchObject({ status: "error", fieldErrors: { contentHash: [expect.stringContaining("reload the page")] } });
    expect(await lifecycleState()).toEqual(before);
  });
});

describe("Publish after the version was switched", () => {
  it("is refused from the plain button and from the publish gate's override dialog; the current hash publishes", async () => {
    const { routineId, versionId, seenHash } = await switchedWhileOpen();
    // Another reviewer approved what the author switched to.
    await as("admin");
    await decideReview(signedIn(), { versionId, contentHash: await contentHashOf(versionId), decision: "approve" });
    await as("reviewer");
    const before = await lifecycleState();
    const fields = { routineId, versionId, number: "1" };
    expect(await publishVersionAction(idleState, formData({ ...fields, contentHash: seenHash }))).toEqual({
      status: "error",
      message: CHANGED("publishing", "published"),
    });
    const reason = "Accepted: the failing case tests a retired policy.";
    expect(
      await publishVersionAction(idleState, formData({ ...fields, contentHash: seenHash, override: "1", reason })),
    ).toEqual({ status: "error", message: CHANGED("publishing", "published") });
    expect(await lifecycleState()).toEqual(before);
    expect(revalidatePath).toHaveBeenCalledWith(`/routines/${encodeURIComponent(routineId)}/versions`);

    expect(
      await publishVersionAction(idleState, formData({ ...fields, contentHash: await contentHashOf(versionId) })),
    ).toEqual({ status: "success", message: "Version 1 is published; it is the one that runs." });
  });
});
