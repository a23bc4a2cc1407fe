import { beforeAll, describe, expect, it, vi } from "vitest";
import { formData, signedIn } from "@/test/request-context";
import { prisma } from "@/lib/db/core";
import { createRoutine } from "@/lib/db/routines";
import { getRoutine } from "@/lib/db/library";
import { seedDatabase } from "@/lib/demo/seed";
import { makeRoutine } from "@/lib/db/testing/routine-factories";
import { as, contentHashOf } from "@/lib/db/testing/review-test-support";
import { idleState } from "@/lib/forms";
import {
  addReviewCommentAction,
  decideReviewAction,
  publishVersionAction,
  resolveCommentInDesignerAction,
  submitForReviewAction,
} from "../review-actions";

// The server actions called as the browser would call them (FormData in, ActionState out), with real sessions
// and a real database: what a crafted request gets when the page hides the button.
vi.mock("next/headers", async () => (await import("@/test/request-context")).nextHeadersMock);
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
});

/** A routine the author wrote, submitted for review by `submitter`. */
async function submittedRoutine(submitter: "author" | "admin") {
  await as("author");
  const { id } = await createRoutine(signedIn(), {
    name: `Actions ${Math.random().toString(36).slice(2, 7)}`,
    routine: makeRoutine(),
  });
  await as(submitter);
  const { versionId, revision } = await getRoutine(signedIn(), id);
  expect(await submitForReviewAction({ routineId: id, baseRevision: revision })).toEqual({
    status: "success",
    message: "Version 1 was sent to review.",
  });
  return { routineId: id, versionId };
}

// The review page posts the content hash of the version it shows.
const decide = async (routineId: string, versionId: string, decision: string, comment = "") =>
  decideReviewAction(
    idleState,
    formData({ routineId, versionId, number: "1", decision, comment, contentHash: await contentHashOf(versionId) }),
  );

describe("review actions refuse what the page hides", () => {
  it("an admin who submitted a version cannot approve it by calling the action, and nothing changes", async () => {
    const { routineId, versionId } = await submittedRoutine("admin");
    for (const decision of ["approve", "request_changes", "reject"]) {
      expect(await decide(routineId, versionId, decision, "Fine by me")).toEqual({
        status: "error",
        message:
          "You are not allowed to do that: Another reviewer must decide: you submitted this version (four-eyes rule).",
      });
    }
    expect(
      await prisma.routineVersion.findUniqueOrThrow({
        where: { id: versionId },
        select: { status: true, approvedById: true },
      }),
    ).toEqual({ status: "in_review", approvedById: null });
    expect(await prisma.review.count({ where: { versionId } })).toBe(0);

    await as("reviewer");
    expect(await decide(routineId, versionId, "approve")).toEqual({
      status: "success",
      message: "Version 1 was approved; it can be published now.",
    });
  });

  it("an author, who holds no reviewer role, is refused before the DAL is asked", async () => {
    const { routineId, versionId } = await submittedRoutine("author");
    expect(await decide(routineId, versionId, "approve")).toEqual({
      status: "error",
      message: "You are not allowed to do that: This needs the reviewer or admin role.",
    });
    expect((await prisma.routineVersion.findUniqueOrThrow({ where: { id: versionId } })).status).toBe("in_review");
  });

  it("a malformed decision is refused with a message, and requesting changes needs a reason", async () => {
    const { routineId, versionId } = await submittedRoutine("author");
    await as("reviewer");
    expect(await decide(routineId, versionId, "shrug")).toMatchObject({
      status: "error",
      fieldErrors: { decision: ["Choose approve, request changes or reject."] },
    });
    expect(await decide(routineId, versionId, "request_changes", "   ")).toMatchObject({
      status: "error",
      fieldErrors: { comment: [expect.stringContaining("Say what should change")] },
    });

    const comment = await addReviewCommentAction(
      idleState,
      formData({ routineId, versionId, number: "1", stepId: "summarize", body: "Name the ticket's language." }),
    );
    expect(comment).toEqual({ status: "success", message: "Comment added." });
    expect(await decide(routineId, versionId, "request_changes")).toEqual({
      status: "success",
      message: "Version 1 was sent back to its author with your comments.",
    });
    expect((await prisma.routineVersion.findUniqueOrThrow({ where: { id: versionId } })).status).toBe("draft");
  });

  it("only a comment's writer, the version's author or an admin resolves it from the designer", async () => {
    const { routineId, versionId } = await submittedRoutine("author");
    await as("reviewer");
    await addReviewCommentAction(
      idleState,
      formData({ routineId, versionId, number: "1", body: "Whole-version remark." }),
    );
    const { id: commentId } = await prisma.reviewComment.findFirstOrThrow({ where: { versionId } });
    await as("operator");
    expect(await resolveCommentInDesignerAction({ commentId })).toMatchObject({
      status: "error",
      message: expect.stringContaining("Only the comment's writer"),
    });
    await as("author");
    expect(await resolveCommentInDesignerAction({ commentId })).toEqual({
      status: "success",
      message: "Comment resolved.",
    });
    expect((await prisma.reviewComment.findUniqueOrThrow({ where: { id: commentId } })).resolvedAt).not.toBeNull();
  });

  it("publishing says which version runs now; an unapproved one is refused", async () => {
    const { routineId, versionId } = await submittedRoutine("author");
    await as("reviewer");
    const publish = async () =>
      publishVersionAction(
        idleState,
        formData({ routineId, versionId, number: "1", contentHash: await contentHashOf(versionId) }),
      );
    expect(await publish()).toMatchObject({
      status: "error",
      message: expect.stringContaining("only an approved version can be published"),
    });
    await decide(routineId, versionId, "approve");
    expect(await publish()).toEqual({ status: "success", message: "Version 1 is published; it is the one that runs." });
  });
});
