import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ForbiddenError } from "../../access";
import { ConflictError, NotFoundError, prisma, StaleSaveError, ValidationError } from "../core";
import {
  addReviewComment,
  decideReview,
  publishVersion,
  resolveReviewComment,
  saveOptimizedVersion,
  startNewDraft,
  submitForReview,
  withdrawFromReview,
} from "../reviews";
import { archiveRoutine, createRoutine, RoutineIssuesError, saveRoutineDraft } from "../routines";
import { getRoutine } from "../library";
import { seedDatabase } from "../../demo/seed";
import { makeRoutine, makeStep } from "../testing/routine-factories";
import { as, contentHashOf, lifecycleState, optimizedRoutine, provenance } from "../testing/review-test-support";
import { signedIn } from "../../../test/request-context";

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
});
beforeEach(() => as("author"));

/** Runs `attempt` and expects it to be refused with `kind`, leaving every lifecycle table and the audit log as they were. */
async function expectRefused(
  attempt: () => Promise<unknown>,
  kind: abstract new (...args: never[]) => Error,
  message?: RegExp,
): Promise<Error> {
  const before = await lifecycleState();
  const error = await attempt().catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(kind);
  if (message) expect((error as Error).message).toMatch(message);
  expect(await lifecycleState()).toEqual(before);
  return error as Error;
}

const orphaned = () => makeRoutine({ steps: [...makeRoutine().steps, makeStep({ id: "orphan", name: "Orphan" })] });

async function inReview() {
  const { id } = await createRoutine(signedIn(), { name: "In review", routine: makeRoutine() });
  return { id, ...(await submitForReview(signedIn(), { routineId: id, baseRevision: 0 })) };
}

async function approved() {
  const version = await inReview();
  await as("reviewer");
  await decideReview(signedIn(), {
    versionId: version.versionId,
    contentHash: await contentHashOf(version.versionId),
    decision: "approve",
  });
  await as("author");
  return version;
}

describe("submitting", () => {
  it("refuses a routine with validation errors, listing them, and changes nothing", async () => {
    const { id } = await createRoutine(signedIn(), { name: "Orphaned", routine: orphaned() });
    const error = await expectRefused(
      () => submitForReview(signedIn(), { routineId: id, baseRevision: 0 }),
      RoutineIssuesError,
      /not ready for review: .*Orphan/,
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as RoutineIssuesError).issues).toEqual([
      expect.objectContaining({ stepId: "orphan", code: "multiple-starts", severity: "error" }),
    ]);
    expect((await getRoutine(signedIn(), id)).status).toBe("draft");
  });

  it("refuses a stale revision with the current one, and a version already in review", async () => {
    const { id } = await createRoutine(signedIn(), { name: "Stale", routine: makeRoutine() });
    await saveRoutineDraft(signedIn(), {
      routineId: id,
      baseRevision: 0,
      routine: makeRoutine({ name: "Saved meanwhile" }),
    });
    const stale = await expectRefused(
      () => submitForReview(signedIn(), { routineId: id, baseRevision: 0 }),
      StaleSaveError,
    );
    expect(stale).toMatchObject({ currentRevision: 1 });
    await submitForReview(signedIn(), { routineId: id, baseRevision: 1 });
    await expectRefused(
      () => submitForReview(signedIn(), { routineId: id, baseRevision: 1 }),
      ConflictError,
      /in review; only a draft/,
    );
  });

  it("refuses while a tool the routine uses changed and was not accepted", async () => {
    const { id } = await createRoutine(signedIn(), { name: "Changed tool", routine: makeRoutine() });
    await prisma.routineVersion.updateMany({
      where: { routineId: id },
      data: { toolHashes: JSON.stringify({ "hr/gone": "old-hash" }) },
    });
    await expectRefused(
      () => submitForReview(signedIn(), { routineId: id, baseRevision: 0 }),
      ConflictError,
      /hr\/gone \(removed\).*Accept the changed tools/,
    );
  });

  it("withdrawing returns the version to draft; withdrawing a draft is refused", async () => {
    const { id } = await inReview();
    await expect(withdrawFromReview(signedIn(), { routineId: id })).resolves.toMatchObject({ number: 1 });
    expect(await getRoutine(signedIn(), id)).toMatchObject({ status: "draft", canEdit: true });
    expect(await prisma.auditLog.count({ where: { targetId: id, action: "routine.withdrawn" } })).toBe(1);
    await expectRefused(() => withdrawFromReview(signedIn(), { routineId: id }), ConflictError, /not in review/);
  });
});

describe("saving an optimized version", () => {
  it("is refused when the working version moved on while the planner worked; nothing is written", async () => {
    const { id, versionId } = await approved();
    await startNewDraft(signedIn(), { routineId: id });
    await expectRefused(
      () =>
        saveOptimizedVersion(signedIn(), {
          routineId: id,
          basedOnVersionId: versionId,
          routine: optimizedRoutine(),
          provenance: provenance(),
        }),
      ConflictError,
      /changed while the planner worked; nothing was saved/,
    );
  });

  it("is refused on a version in review, for a malformed routine, and on an archived routine", async () => {
    const review = await inReview();
    const save = (routineId: string, basedOnVersionId: string, routine: unknown = optimizedRoutine()) =>
      saveOptimizedVersion(signedIn(), { routineId, basedOnVersionId, routine, provenance: provenance() });
    await expectRefused(() => save(review.id, review.versionId), ConflictError, /in review; withdraw it/);

    const { id } = await createRoutine(signedIn(), { name: "Malformed output", routine: makeRoutine() });
    const { versionId } = await getRoutine(signedIn(), id);
    await expectRefused(
      () => save(id, versionId, { ...makeRoutine(), steps: [{ id: "x", kind: "teleport" }] }),
      ValidationError,
      /steps\[0\]/,
    );
    await archiveRoutine(signedIn(), { routineId: id });
    await expectRefused(() => save(id, versionId), ConflictError, /archived/);
  });
});

describe("deciding", () => {
  it("requesting changes or rejecting needs a comment or an open comment on the version", async () => {
    const { versionId } = await inReview();
    await as("reviewer");
    for (const decision of ["request_changes", "reject"] as const) {
      const error = await expectRefused(
        async () =>
          decideReview(signedIn(), {
            versionId,
            contentHash: await contentHashOf(versionId),
            decision,
            comment: "   ",
          }),
        ValidationError,
        /Say what should change/,
      );
      expect((error as ValidationError).fieldErrors.comment).toHaveLength(1);
    }
    await addReviewComment(signedIn(), { versionId, stepId: "summarize", body: "Too vague." });
    await expect(
      decideReview(signedIn(), { versionId, contentHash: await contentHashOf(versionId), decision: "reject" }),
    ).resolves.toMatchObject({
      status: "rejected",
    });
    expect(await prisma.review.findMany({ where: { versionId } })).toEqual([
      expect.objectContaining({ decision: "rejected", comment: "" }),
    ]);
    expect(await prisma.auditLog.count({ where: { action: "review.rejected", detail: { contains: versionId } } })).toBe(
      1,
    );
  });

  it("a version already decided cannot be decided again", async () => {
    const { versionId } = await approved();
    await as("reviewer");
    await expectRefused(
      async () =>
        decideReview(signedIn(), {
          versionId,
          contentHash: await contentHashOf(versionId),
          decision: "reject",
          comment: "Changed my mind.",
        }),
      ConflictError,
      /approved, not in review/,
    );
  });

  it("two decisions at once: one lands, the other is refused as already decided", async () => {
    const { versionId } = await inReview();
    await as("reviewer");
    const results = await Promise.allSettled([
      decideReview(signedIn(), { versionId, contentHash: await contentHashOf(versionId), decision: "approve" }),
      decideReview(signedIn(), {
        versionId,
        contentHash: await contentHashOf(versionId),
        decision: "reject",
        comment: "Not like this.",
      }),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect((results.find((result) => result.status === "rejected") as PromiseRejectedResult).reason).toBeInstanceOf(
      ConflictError,
    );
    expect(await prisma.review.count({ where: { versionId } })).toBe(1);
  });

  it("approving is refused for a routine with validation errors or changed tools", async () => {
    const { id, versionId: baseId } = await createRoutine(signedIn(), {
      name: "Planner left an orphan",
      routine: makeRoutine(),
    }).then(async ({ id }) => ({ id, versionId: (await getRoutine(signedIn(), id)).versionId }));
    const { versionId } = await saveOptimizedVersion(signedIn(), {
      routineId: id,
      basedOnVersionId: baseId,
      routine: orphaned(),
      provenance: provenance(),
    });
    await as("reviewer");
    await expectRefused(
      async () =>
        decideReview(signedIn(), { versionId, contentHash: await contentHashOf(versionId), decision: "approve" }),
      RoutineIssuesError,
      /Version 2 cannot be approved: .*Request changes instead/,
    );

    await as("author");
    const changed = await inReview();
    await prisma.routineVersion.update({
      where: { id: changed.versionId },
      data: { toolHashes: JSON.stringify({ "hr/gone": "old-hash" }) },
    });
    await as("reviewer");
    await expectRefused(
      async () =>
        decideReview(signedIn(), {
          versionId: changed.versionId,
          contentHash: await contentHashOf(changed.versionId),
          decision: "approve",
        }),
      ConflictError,
      /cannot be approved: tools it uses changed/,
    );
  });
});

describe("comments", () => {
  it("refuses an unknown step, an empty or overlong body, and an archived routine", async () => {
    const { id, versionId } = await inReview();
    const unknown = await expectRefused(
      () => addReviewComment(signedIn(), { versionId, stepId: "nope", body: "Hm." }),
      ValidationError,
      /no step "nope"/,
    );
    expect((unknown as ValidationError).fieldErrors.stepId).toHaveLength(1);
    await expectRefused(() => addReviewComment(signedIn(), { versionId, body: " \n " }), ValidationError);
    await expectRefused(() => addReviewComment(signedIn(), { versionId, body: "x".repeat(4001) }), ValidationError);
    await expect(addReviewComment(signedIn(), { versionId, body: "x".repeat(4000) })).resolves.toMatchObject({
      stepId: null,
    });
    await expectRefused(() => addReviewComment(signedIn(), { versionId: "missing", body: "Hm." }), NotFoundError);
    await archiveRoutine(signedIn(), { routineId: id });
    await expectRefused(
      () => addReviewComment(signedIn(), { versionId, body: "Still there?" }),
      ConflictError,
      /archived/,
    );
  });

  it("only the comment's writer, the version's author or an admin resolves a comment", async () => {
    await as("admin");
    const { id } = await createRoutine(signedIn(), { name: "Admin's routine", routine: makeRoutine() });
    const { versionId } = await submitForReview(signedIn(), { routineId: id, baseRevision: 0 });
    const comment = await addReviewComment(signedIn(), { versionId, body: "Admin's own note." });
    await as("reviewer");
    await expectRefused(
      () => resolveReviewComment(signedIn(), { commentId: comment.id }),
      ForbiddenError,
      /comment's writer/,
    );
    await as("author");
    await expectRefused(() => resolveReviewComment(signedIn(), { commentId: comment.id }), ForbiddenError);
    await as("admin");
    await expect(resolveReviewComment(signedIn(), { commentId: comment.id })).resolves.toMatchObject({
      resolvedAt: expect.any(Date),
    });
  });
});

describe("publishing and new drafts", () => {
  it("publishes only approved versions, once, on a routine that is not archived, whose tools did not change", async () => {
    const review = await inReview();
    await as("reviewer");
    await expectRefused(
      async () =>
        publishVersion(signedIn(), { versionId: review.versionId, contentHash: await contentHashOf(review.versionId) }),
      ConflictError,
      /in review; only an approved version/,
    );
    await decideReview(signedIn(), {
      versionId: review.versionId,
      contentHash: await contentHashOf(review.versionId),
      decision: "reject",
      comment: "No.",
    });
    await expectRefused(
      async () =>
        publishVersion(signedIn(), { versionId: review.versionId, contentHash: await contentHashOf(review.versionId) }),
      ConflictError,
      /rejected/,
    );

    await as("author");
    const good = await approved();
    await prisma.routineVersion.update({
      where: { id: good.versionId },
      data: { toolHashes: JSON.stringify({ "hr/gone": "old-hash" }) },
    });
    await as("reviewer");
    await expectRefused(
      async () =>
        publishVersion(signedIn(), { versionId: good.versionId, contentHash: await contentHashOf(good.versionId) }),
      ConflictError,
      /cannot be published: tools it uses changed/,
    );
    await prisma.routineVersion.update({ where: { id: good.versionId }, data: { toolHashes: "{}" } });
    await publishVersion(signedIn(), { versionId: good.versionId, contentHash: await contentHashOf(good.versionId) });
    await expectRefused(
      async () =>
        publishVersion(signedIn(), { versionId: good.versionId, contentHash: await contentHashOf(good.versionId) }),
      ConflictError,
      /already the published version/,
    );

    await as("author");
    const shelved = await approved();
    await archiveRoutine(signedIn(), { routineId: shelved.id });
    await as("reviewer");
    await expectRefused(
      async () =>
        publishVersion(signedIn(), {
          versionId: shelved.versionId,
          contentHash: await contentHashOf(shelved.versionId),
        }),
      ConflictError,
      /archived/,
    );
  });

  it("a new draft needs a working version that is neither a draft nor in review, and a source from the same routine", async () => {
    const { id } = await createRoutine(signedIn(), { name: "Draft already", routine: makeRoutine() });
    await expectRefused(() => startNewDraft(signedIn(), { routineId: id }), ConflictError, /already a draft/);
    await submitForReview(signedIn(), { routineId: id, baseRevision: 0 });
    await expectRefused(() => startNewDraft(signedIn(), { routineId: id }), ConflictError, /withdraw it first/);

    const other = await approved();
    const { versionId: foreign } = await getRoutine(signedIn(), id);
    await expectRefused(
      () => startNewDraft(signedIn(), { routineId: other.id, fromVersionId: foreign }),
      NotFoundError,
      /another routine/,
    );
    await expectRefused(() => startNewDraft(signedIn(), { routineId: "missing" }), NotFoundError);
  });

  it("a new draft can start from an older version; the rejected one stays as it was", async () => {
    const { id, versionId: v1 } = await approved();
    const { versionId: v2 } = await startNewDraft(signedIn(), { routineId: id });
    await saveRoutineDraft(signedIn(), {
      routineId: id,
      baseRevision: 0,
      routine: makeRoutine({ name: "Second try" }),
    });
    await submitForReview(signedIn(), { routineId: id, baseRevision: 1 });
    await as("reviewer");
    await decideReview(signedIn(), {
      versionId: v2,
      contentHash: await contentHashOf(v2),
      decision: "reject",
      comment: "Worse than version 1.",
    });
    await as("author");
    const v3 = await startNewDraft(signedIn(), { routineId: id, fromVersionId: v1 });
    expect(v3.number).toBe(3);
    expect(await getRoutine(signedIn(), id)).toMatchObject({
      versionNumber: 3,
      status: "draft",
      routine: { name: "Summarize a ticket" },
    });
    expect(await prisma.routineVersion.findUniqueOrThrow({ where: { id: v3.versionId } })).toMatchObject({
      basedOnId: v1,
    });
    expect(await prisma.routineVersion.findUniqueOrThrow({ where: { id: v2 } })).toMatchObject({ status: "rejected" });
  });
});
