import { beforeAll, describe, expect, it } from "vitest";
import { ConflictError, prisma } from "../core";
import {
  addReviewComment,
  decideReview,
  getVersionReview,
  listRoutineVersions,
  listStepComments,
  publishVersion,
  resolveReviewComment,
  saveOptimizedVersion,
  startNewDraft,
  submitForReview,
} from "../reviews";
import { createRoutine, saveRoutineDraft } from "../routines";
import { getRoutine, listRoutines } from "../library";
import { seedDatabase } from "../../demo/seed";
import { makeRoutine } from "../testing/routine-factories";
import { as, contentHashOf, demoUserId, optimizedRoutine, provenance, tick } from "../testing/review-test-support";
import { signedIn } from "../../../test/request-context";

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
});

const summaryOf = async (routineId: string) =>
  (await listRoutines(signedIn())).find((routine) => routine.id === routineId)!;
const auditActions = async (routineId: string) =>
  (await prisma.auditLog.findMany({ where: { targetId: routineId }, orderBy: [{ at: "asc" }, { id: "asc" }] })).map(
    (entry) => ({
      action: entry.action,
      actor: entry.actorEmail,
      detail: JSON.parse(entry.detail ?? "{}") as Record<string, unknown>,
    }),
  );

describe("the review lifecycle", () => {
  it("draft → review → changes requested → edited → approved → published; new draft → optimized → published → rolled back", async () => {
    const reviewerId = await demoUserId("reviewer");
    const authorId = await demoUserId("author");

    await as("author");
    const { id } = await createRoutine(signedIn(), { name: "Ticket summary", routine: makeRoutine() });
    const v1 = await getRoutine(signedIn(), id);
    expect(v1).toMatchObject({
      status: "draft",
      versionNumber: 1,
      revision: 0,
      publishedVersionNumber: null,
      latestReview: null,
      openCommentCount: 0,
    });
    expect(v1.lifecycle.submit).toEqual({ allowed: true });

    await expect(submitForReview(signedIn(), { routineId: id, baseRevision: 0 })).resolves.toEqual({
      versionId: v1.versionId,
      number: 1,
    });
    const submitted = await getRoutine(signedIn(), id);
    expect(submitted).toMatchObject({ status: "in_review", canEdit: false });
    expect(submitted.lifecycle.withdraw).toEqual({ allowed: true });
    await expect(
      saveRoutineDraft(signedIn(), { routineId: id, baseRevision: 0, routine: makeRoutine() }),
    ).rejects.toBeInstanceOf(ConflictError);

    await as("reviewer");
    const onStep = await addReviewComment(signedIn(), {
      versionId: v1.versionId,
      stepId: "summarize",
      body: "  Say how long the summary may be.  ",
    });
    expect(onStep).toMatchObject({
      stepId: "summarize",
      body: "Say how long the summary may be.",
      resolvedAt: null,
      author: { name: "Rosa Reviewer" },
    });
    await addReviewComment(signedIn(), { versionId: v1.versionId, body: "Name the routine after the team." });
    await expect(
      decideReview(signedIn(), {
        versionId: v1.versionId,
        contentHash: await contentHashOf(v1.versionId),
        decision: "request_changes",
        comment: "See my comments.",
      }),
    ).resolves.toMatchObject({ status: "draft" });

    await as("author");
    const sentBack = await getRoutine(signedIn(), id);
    expect(sentBack).toMatchObject({
      status: "draft",
      canEdit: true,
      openCommentCount: 2,
      latestReview: { decision: "changes_requested", comment: "See my comments.", reviewer: { id: reviewerId } },
    });
    expect(await summaryOf(id)).toMatchObject({
      status: "draft",
      versionNumber: 1,
      latestDecision: "changes_requested",
      openCommentCount: 2,
      publishedVersionNumber: null,
    });
    expect((await listStepComments(signedIn(), id)).map((comment) => [comment.stepId, comment.body])).toEqual([
      ["summarize", "Say how long the summary may be."],
      [null, "Name the routine after the team."],
    ]);

    // The author edits the draft sent back, resolves what they addressed, and submits again.
    const edited = makeRoutine({ name: "Support: ticket summary" });
    await expect(saveRoutineDraft(signedIn(), { routineId: id, baseRevision: 0, routine: edited })).resolves.toEqual({
      revision: 1,
    });
    await expect(resolveReviewComment(signedIn(), { commentId: onStep.id })).resolves.toMatchObject({
      resolvedAt: expect.any(Date),
    });
    expect((await listStepComments(signedIn(), id)).map((comment) => comment.body)).toEqual([
      "Name the routine after the team.",
    ]);
    await submitForReview(signedIn(), { routineId: id, baseRevision: 1 });

    await as("reviewer");
    await decideReview(signedIn(), {
      versionId: v1.versionId,
      contentHash: await contentHashOf(v1.versionId),
      decision: "approve",
    });
    const approved = await prisma.routineVersion.findUniqueOrThrow({ where: { id: v1.versionId } });
    expect(approved).toMatchObject({ status: "approved", approvedById: reviewerId, approvedAt: expect.any(Date) });
    await expect(
      publishVersion(signedIn(), { versionId: v1.versionId, contentHash: await contentHashOf(v1.versionId) }),
    ).resolves.toEqual({
      versionId: v1.versionId,
      number: 1,
      previousNumber: null,
      rollback: false,
    });
    expect(await getRoutine(signedIn(), id)).toMatchObject({
      status: "published",
      versionNumber: 1,
      publishedVersionNumber: 1,
      routine: { name: "Support: ticket summary" },
    });
    expect(await summaryOf(id)).toMatchObject({ status: "published", publishedVersionNumber: 1 });

    // A new draft from the published version, then the planner's optimization of it, straight into review.
    await as("author");
    const v2 = await startNewDraft(signedIn(), { routineId: id });
    expect(v2).toMatchObject({ number: 2, revision: 0 });
    const draft2 = await getRoutine(signedIn(), id);
    expect(draft2).toMatchObject({
      status: "draft",
      versionNumber: 2,
      publishedVersionNumber: 1,
      canEdit: true,
      latestReview: null,
      routine: { name: "Support: ticket summary" },
    });
    const v3 = await saveOptimizedVersion(signedIn(), {
      routineId: id,
      basedOnVersionId: v2.versionId,
      routine: optimizedRoutine(),
      provenance: provenance(),
    });
    expect(v3.number).toBe(3);
    const optimized = await getRoutine(signedIn(), id);
    expect(optimized).toMatchObject({
      status: "in_review",
      versionNumber: 3,
      publishedVersionNumber: 1,
      routine: { name: "Summarize a ticket (optimized)" },
    });
    expect(optimized.routine.steps.every((step) => step.position !== undefined)).toBe(true);
    expect(await prisma.routineVersion.findUniqueOrThrow({ where: { id: v3.versionId } })).toMatchObject({
      authorId,
      optimizedById: authorId,
      basedOnId: v2.versionId,
      submittedAt: expect.any(Date),
      model: "gpt-test-planner",
      repairCount: 1,
    });

    await as("reviewer");
    await decideReview(signedIn(), {
      versionId: v3.versionId,
      contentHash: await contentHashOf(v3.versionId),
      decision: "approve",
    });
    await tick();
    await expect(
      publishVersion(signedIn(), { versionId: v3.versionId, contentHash: await contentHashOf(v3.versionId) }),
    ).resolves.toEqual({
      versionId: v3.versionId,
      number: 3,
      previousNumber: 1,
      rollback: false,
    });
    await tick();
    await expect(
      publishVersion(signedIn(), { versionId: v1.versionId, contentHash: await contentHashOf(v1.versionId) }),
    ).resolves.toEqual({
      versionId: v1.versionId,
      number: 1,
      previousNumber: 3,
      rollback: true,
    });

    // Rolling back changes what runs, not what the designer opens.
    const after = await getRoutine(signedIn(), id);
    expect(after).toMatchObject({ versionNumber: 3, status: "approved", publishedVersionNumber: 1 });

    const history = await listRoutineVersions(signedIn(), id);
    expect(history).toMatchObject({ workingVersionNumber: 3, publishedVersionNumber: 1 });
    expect(
      history.versions.map((version) => [version.number, version.status, version.isPublished, version.isWorking]),
    ).toEqual([
      [3, "approved", false, true],
      [2, "draft", false, false],
      [1, "published", true, false],
    ]);
    const [h3, h2, h1] = history.versions;
    expect(h3).toMatchObject({
      basedOnNumber: 2,
      optimizedBy: { id: authorId },
      approvedBy: { id: reviewerId },
      provenance: { model: "gpt-test-planner", inputTokens: 1200, outputTokens: 340, repairCount: 1 },
    });
    expect(h2).toMatchObject({ basedOnNumber: 1, author: { id: authorId }, provenance: null, decisions: [] });
    expect(h1.decisions.map((decision) => decision.decision)).toEqual(["changes_requested", "approved"]);
    expect(h1).toMatchObject({ openCommentCount: 1, approvedBy: { name: "Rosa Reviewer" } });
    expect(history.publications.map((entry) => [entry.versionNumber, entry.rollback])).toEqual([
      [1, true],
      [3, false],
      [1, false],
    ]);
    for (const entry of history.publications) {
      expect(entry).toMatchObject({
        publishedBy: { id: reviewerId },
        approvedBy: { id: reviewerId },
        approvedAt: expect.any(Date),
        publishedAt: expect.any(Date),
      });
    }

    expect((await auditActions(id)).map((entry) => entry.action)).toEqual([
      "routine.created",
      "routine.submitted",
      "review.changes_requested",
      "routine.submitted",
      "review.approved",
      "routine.published",
      "routine.draft_started",
      "routine.optimized",
      "review.approved",
      "routine.published",
      "routine.rolled_back",
    ]);
    const optimizedEntry = (await auditActions(id)).find((entry) => entry.action === "routine.optimized")!;
    expect(optimizedEntry).toEqual({
      action: "routine.optimized",
      actor: "author@example.com",
      detail: {
        version: 3,
        versionId: v3.versionId,
        basedOn: 2,
        model: "gpt-test-planner",
        inputTokens: 1200,
        outputTokens: 340,
        repairCount: 1,
      },
    });
    expect(JSON.stringify(optimizedEntry)).not.toContain("Summarize the ticket;");
  });

  it("the review page shows the proposal beside its base, the planner's rationale and what the viewer may do", async () => {
    await as("author");
    const { id } = await createRoutine(signedIn(), { name: "Review page", routine: makeRoutine() });
    const { versionId: baseId } = await getRoutine(signedIn(), id);
    await saveOptimizedVersion(signedIn(), {
      routineId: id,
      basedOnVersionId: baseId,
      routine: optimizedRoutine(),
      provenance: provenance(),
    });
    await addReviewComment(signedIn(), {
      versionId: (await getRoutine(signedIn(), id)).versionId,
      stepId: "read",
      body: "Why a separate reading step?",
    });

    const asAuthor = await getVersionReview(signedIn(), { routineId: id, number: 2 });
    expect(asAuthor.base).toMatchObject({
      versionId: baseId,
      number: 1,
      status: "draft",
      routine: { steps: [{ id: "summarize" }, { id: "done" }] },
    });
    expect(asAuthor.routine.steps.map((step) => step.id)).toEqual(["read", "summarize", "done"]);
    expect(asAuthor.provenance).toEqual({
      model: "gpt-test-planner",
      promptHash: "sha256:abc123",
      inputTokens: 1200,
      outputTokens: 340,
      repairCount: 1,
      sourceDraft: "Step 1. Summarize the ticket;",
      // Rationale for a step the routine no longer has is dropped.
      rationale: { summary: "Split reading from summarizing.", steps: { read: "Facts first." } },
    });
    expect(asAuthor.comments).toEqual([
      expect.objectContaining({ stepId: "read", body: "Why a separate reading step?", canResolve: true }),
    ]);
    expect(asAuthor.permissions).toEqual({
      canDecide: { allowed: false, reason: "needs the reviewer role" },
      canComment: { allowed: true },
      canPublish: { allowed: false, reason: "needs the reviewer role" },
      canWithdraw: { allowed: true },
    });

    await as("reviewer");
    const asReviewer = await getVersionReview(signedIn(), { routineId: id, number: 2 });
    expect(asReviewer.permissions).toEqual({
      canDecide: { allowed: true },
      canComment: { allowed: true },
      canPublish: { allowed: false, reason: "not approved" },
      canWithdraw: { allowed: false, reason: "needs the author role" },
    });
    expect(asReviewer.comments[0].canResolve).toBe(false);
    expect((await getVersionReview(signedIn(), { routineId: id, number: 1 })).permissions.canDecide).toEqual({
      allowed: false,
      reason: "not in review",
    });
    expect((await getVersionReview(signedIn(), { routineId: id, number: 1 })).base).toBeNull();
    await expect(getVersionReview(signedIn(), { routineId: id, number: 7 })).rejects.toThrow(/no version 7/);
  });
});
