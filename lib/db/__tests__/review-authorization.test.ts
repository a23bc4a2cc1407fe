import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { ForbiddenError, UnauthenticatedError } from "../../access";
import { prisma } from "../core";
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
  withdrawFromReview,
} from "../reviews";
import { seedDatabase } from "../../demo/seed";
import {
  as,
  contentHashOf,
  demoUserId,
  lifecycleState,
  optimizedRoutine,
  provenance,
  versionFixture,
  type Who,
} from "../testing/review-test-support";
import { signedIn } from "../../../test/request-context";

const VIEWERS: Who[] = ["anonymous", "author", "reviewer", "operator", "admin"];
const WRITERS: Who[] = ["author", "admin"];
const DECIDERS: Who[] = ["reviewer", "admin"];
const COMMENTERS: Who[] = ["author", "reviewer", "admin"];
const READERS: Who[] = ["author", "reviewer", "operator", "admin"];

let authorId: string;
let reviewerId: string;

/** A fixture version written by the demo author, so reviewers and admins are not barred by four-eyes. */
const fixture = (status: string) => versionFixture(status, authorId);

/** A comment by the demo reviewer on the demo author's version: writer, version author and admin may resolve it. */
async function commentFixture() {
  const { versionId } = await fixture("in_review");
  const commentId = randomUUID();
  await prisma.reviewComment.create({
    data: { id: commentId, versionId, authorId: reviewerId, body: "Please check." },
  });
  return commentId;
}

type Fixture = Awaited<ReturnType<typeof versionFixture>>;

/** Prepares a fixture version in `status`, then returns the call to make on it. */
const on = (status: string, call: (fixture: Fixture) => Promise<unknown>) => async () => {
  const prepared = await fixture(status);
  return () => call(prepared);
};

/**
 * Every function of the review lifecycle: who may call it, what must exist first (prepared before the call, so a
 * refusal can be shown to write nothing), and the call itself.
 */
const CALLS: Record<string, { allowed: Who[]; prepare: () => Promise<() => Promise<unknown>> }> = {
  submitForReview: {
    allowed: WRITERS,
    prepare: on("draft", ({ routineId }) => submitForReview(signedIn(), { routineId, baseRevision: 0 })),
  },
  withdrawFromReview: {
    allowed: WRITERS,
    prepare: on("in_review", ({ routineId }) => withdrawFromReview(signedIn(), { routineId })),
  },
  startNewDraft: {
    allowed: WRITERS,
    prepare: on("approved", ({ routineId }) => startNewDraft(signedIn(), { routineId })),
  },
  saveOptimizedVersion: {
    allowed: WRITERS,
    prepare: on("draft", ({ routineId, versionId }) =>
      saveOptimizedVersion(signedIn(), {
        routineId,
        basedOnVersionId: versionId,
        routine: optimizedRoutine(),
        provenance: provenance(),
      }),
    ),
  },
  decideReview: {
    allowed: DECIDERS,
    prepare: on("in_review", async ({ versionId }) =>
      decideReview(signedIn(), { versionId, contentHash: await contentHashOf(versionId), decision: "approve" }),
    ),
  },
  addReviewComment: {
    allowed: COMMENTERS,
    prepare: on("in_review", ({ versionId }) =>
      addReviewComment(signedIn(), { versionId, stepId: "summarize", body: "A thought." }),
    ),
  },
  resolveReviewComment: {
    allowed: ["author", "reviewer", "admin"],
    prepare: async () => {
      const commentId = await commentFixture();
      return () => resolveReviewComment(signedIn(), { commentId });
    },
  },
  publishVersion: {
    allowed: DECIDERS,
    prepare: on("approved", async ({ versionId }) =>
      publishVersion(signedIn(), { versionId, contentHash: await contentHashOf(versionId) }),
    ),
  },
  listRoutineVersions: {
    allowed: READERS,
    prepare: on("approved", ({ routineId }) => listRoutineVersions(signedIn(), routineId)),
  },
  getVersionReview: {
    allowed: READERS,
    prepare: on("in_review", ({ routineId }) => getVersionReview(signedIn(), { routineId, number: 1 })),
  },
  listStepComments: {
    allowed: READERS,
    prepare: on("draft", ({ routineId }) => listStepComments(signedIn(), routineId)),
  },
};

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  authorId = await demoUserId("author");
  reviewerId = await demoUserId("reviewer");
});

describe("review lifecycle authorization: every function × every role", () => {
  for (const [name, { allowed, prepare }] of Object.entries(CALLS)) {
    for (const viewer of VIEWERS) {
      const expected = allowed.includes(viewer) ? "allowed" : viewer === "anonymous" ? "unauthenticated" : "forbidden";
      it(`${name} as ${viewer}: ${expected}`, async () => {
        const call = await prepare();
        await as(viewer);
        const before = await lifecycleState();
        const outcome = call();
        if (expected === "allowed") {
          await expect(outcome).resolves.toBeDefined();
          return;
        }
        await expect(outcome).rejects.toBeInstanceOf(
          expected === "unauthenticated" ? UnauthenticatedError : ForbiddenError,
        );
        // A refused call writes nothing, not even an audit entry.
        expect(await lifecycleState()).toEqual(before);
      });
    }
  }
});
