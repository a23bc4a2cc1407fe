import { beforeAll, describe, expect, it } from "vitest";
import { signedIn } from "../../../test/request-context";
import { seedDatabase } from "../../demo/seed";
import { ConflictError, prisma, ValidationError } from "../core";
import {
  decideReview,
  getVersionReview,
  listRoutineVersions,
  publishVersion,
  startNewDraft,
  submitForReview,
  VersionChangedError,
} from "../reviews";
import { createRoutine, saveRoutineDraft } from "../routines";
import { hrToolFixture } from "../testing/hr-tool-fixture";
import { as, contentHashOf, lifecycleState } from "../testing/review-test-support";

// Approval binds content (issue #29): a decision or publication carries the content hash the caller's page showed,
// and a version that changed since is refused with nothing written, however it changed under the same version id.

let hr: Awaited<ReturnType<typeof hrToolFixture>>;

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  hr = await hrToolFixture();
});

/** A routine that reads an employee (`get_employee`), version 1 in review. */
async function inReview() {
  await as("author");
  const { id: routineId } = await createRoutine(signedIn(), {
    name: `Bait ${Math.random().toString(36).slice(2, 7)}`,
    routine: hr.routineCalling("get_employee"),
  });
  const { versionId } = await submitForReview(signedIn(), { routineId, baseRevision: 0 });
  return { routineId, versionId };
}

const toolsOf = (review: Awaited<ReturnType<typeof getVersionReview>>) =>
  review.routine.steps.flatMap((step) => (step.kind === "tool" ? [step.tool.name] : []));

describe("a decision binds to the content the reviewer saw", () => {
  it("refuses the approval of a version switched while the review was open, writes nothing; the new hash approves", async () => {
    const { routineId, versionId } = await inReview();
    await as("reviewer");
    const seen = await getVersionReview(signedIn(), { routineId, number: 1 });
    expect(toolsOf(seen)).toEqual(["get_employee"]);

    const resubmitted = await hr.switchToWrite(routineId);
    expect(resubmitted.versionId).toBe(versionId);

    await as("reviewer");
    const before = await lifecycleState();
    const error = await decideReview(signedIn(), {
      versionId,
      contentHash: seen.contentHash,
      decision: "approve",
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(VersionChangedError);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as Error).message).toBe(
      "Version 1 changed since you opened this page, so you would be deciding on content you have not seen. " +
        "Nothing was decided: the page now shows the version as it is, review it again.",
    );
    expect(await lifecycleState()).toEqual(before);
    expect(await prisma.routineVersion.findUniqueOrThrow({ where: { id: versionId } })).toMatchObject({
      status: "in_review",
      approvedById: null,
    });
    expect(await prisma.review.count({ where: { versionId } })).toBe(0);

    // Reloaded, the reviewer sees the write tool and a new hash; deciding on that is what is recorded.
    const current = await getVersionReview(signedIn(), { routineId, number: 1 });
    expect(toolsOf(current)).toEqual(["update_employee_contact"]);
    expect(current.contentHash).not.toBe(seen.contentHash);
    await expect(
      decideReview(signedIn(), { versionId, contentHash: current.contentHash, decision: "approve" }),
    ).resolves.toMatchObject({ status: "approved" });
    expect(await prisma.review.findFirstOrThrow({ where: { versionId } })).toMatchObject({
      decision: "approved",
      contentHash: current.contentHash,
    });
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { action: "review.approved", targetId: routineId } });
    expect(JSON.parse(audit.detail!)).toMatchObject({ versionId, contentHash: current.contentHash });
  });

  it.each(["request_changes", "reject"] as const)(
    "refuses %s on content the reviewer did not see, too",
    async (decision) => {
      const { routineId, versionId } = await inReview();
      await as("reviewer");
      const seen = await getVersionReview(signedIn(), { routineId, number: 1 });
      await hr.switchToWrite(routineId);
      await as("reviewer");
      const before = await lifecycleState();
      await expect(
        decideReview(signedIn(), { versionId, contentHash: seen.contentHash, decision, comment: "Not like this." }),
      ).rejects.toBeInstanceOf(VersionChangedError);
      expect(await lifecycleState()).toEqual(before);
    },
  );

  it("requires the content hash, in its form", async () => {
    const { versionId } = await inReview();
    await as("reviewer");
    const before = await lifecycleState();
    for (const contentHash of [undefined, "", "sha256:nothex", "md5:0123"]) {
      const error = await decideReview(signedIn(), {
        versionId,
        decision: "approve",
        contentHash: contentHash as string,
      }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).fieldErrors.contentHash).toHaveLength(1);
    }
    expect(await lifecycleState()).toEqual(before);
  });
});

describe("a publication binds to the content the publisher saw", () => {
  it("refuses to publish a version approved after a switch with the hash the publisher's page showed", async () => {
    const { routineId, versionId } = await inReview();
    await as("reviewer");
    const seen = await getVersionReview(signedIn(), { routineId, number: 1 });
    await hr.switchToWrite(routineId);
    // Another reviewer approves the switched content; the publisher's page still shows the old one.
    await as("admin");
    await decideReview(signedIn(), { versionId, contentHash: await contentHashOf(versionId), decision: "approve" });

    await as("reviewer");
    const before = await lifecycleState();
    const error = await publishVersion(signedIn(), { versionId, contentHash: seen.contentHash }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(VersionChangedError);
    expect((error as Error).message).toMatch(/^Version 1 changed since you opened this page.*Nothing was published/);
    expect(await lifecycleState()).toEqual(before);
    expect((await prisma.routine.findUniqueOrThrow({ where: { id: routineId } })).publishedVersionId).toBeNull();

    // With the override reason of the publish gate, still refused: the reason is no licence to publish unseen content.
    await expect(
      publishVersion(signedIn(), {
        versionId,
        contentHash: seen.contentHash,
        override: { reason: "The suite does not cover this change yet." },
      }),
    ).rejects.toBeInstanceOf(VersionChangedError);
    expect(await lifecycleState()).toEqual(before);

    const current = await getVersionReview(signedIn(), { routineId, number: 1 });
    await expect(publishVersion(signedIn(), { versionId, contentHash: current.contentHash })).resolves.toMatchObject({
      number: 1,
    });
    const audit = await prisma.auditLog.findFirstOrThrow({
      where: { action: "routine.published", targetId: routineId },
    });
    expect(JSON.parse(audit.detail!)).toMatchObject({ versionId, contentHash: current.contentHash });
  });

  it("rolls back only with the older version's own hash, as the Versions page lists it", async () => {
    const { routineId, versionId: v1 } = await inReview();
    await as("reviewer");
    await decideReview(signedIn(), { versionId: v1, contentHash: await contentHashOf(v1), decision: "approve" });
    await publishVersion(signedIn(), { versionId: v1, contentHash: await contentHashOf(v1) });
    await as("author");
    const draft = await startNewDraft(signedIn(), { routineId });
    await saveRoutineDraft(signedIn(), {
      routineId,
      baseRevision: draft.revision,
      routine: hr.routineCalling("update_employee_contact"),
    });
    const { versionId: v2 } = await submitForReview(signedIn(), { routineId, baseRevision: draft.revision + 1 });
    await as("reviewer");
    await decideReview(signedIn(), { versionId: v2, contentHash: await contentHashOf(v2), decision: "approve" });
    await publishVersion(signedIn(), { versionId: v2, contentHash: await contentHashOf(v2) });

    const history = await listRoutineVersions(signedIn(), routineId);
    const listed = new Map(history.versions.map((version) => [version.id, version.contentHash]));
    expect(listed.get(v1)).toBe(await contentHashOf(v1));
    const before = await lifecycleState();
    await expect(publishVersion(signedIn(), { versionId: v1, contentHash: listed.get(v2)! })).rejects.toBeInstanceOf(
      VersionChangedError,
    );
    expect(await lifecycleState()).toEqual(before);
    await expect(publishVersion(signedIn(), { versionId: v1, contentHash: listed.get(v1)! })).resolves.toMatchObject({
      number: 1,
      rollback: true,
    });
  });
});
