import { beforeAll, describe, expect, it } from "vitest";
import { toErrorState } from "../../actions";
import { ForbiddenError } from "../../access";
import { prisma } from "../core";
import { decideReview, getVersionReview, saveOptimizedVersion, submitForReview } from "../reviews";
import { createRoutine } from "../routines";
import { getRoutine } from "../library";
import { seedDatabase } from "../../demo/seed";
import { makeRoutine } from "../testing/routine-factories";
import {
  as,
  contentHashOf,
  lifecycleState,
  optimizedRoutine,
  personWith,
  provenance,
} from "../testing/review-test-support";
import { signedIn } from "../../../test/request-context";

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
});

/** Tries every decision as the signed-in user; each must be refused as four-eyes, writing nothing. */
async function expectFourEyesRefusal(versionId: string, part: string) {
  const before = await lifecycleState();
  for (const decision of ["approve", "request_changes", "reject"] as const) {
    const error = await decideReview(signedIn(), {
      versionId,
      contentHash: await contentHashOf(versionId),
      decision,
      comment: "Looks fine to me.",
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ForbiddenError);
    expect((error as Error).message).toBe(`Another reviewer must decide: ${part} (four-eyes rule).`);
  }
  expect(await lifecycleState()).toEqual(before);
}

describe("four-eyes: nobody decides on a version they wrote, optimized or submitted", () => {
  it("an admin who ran the planner cannot approve the optimized version; a reviewer can", async () => {
    await as("admin");
    const { id } = await createRoutine(signedIn(), { name: "Admin optimizes", routine: makeRoutine() });
    const { versionId: baseId } = await getRoutine(signedIn(), id);
    const { versionId } = await saveOptimizedVersion(signedIn(), {
      routineId: id,
      basedOnVersionId: baseId,
      routine: optimizedRoutine(),
      provenance: provenance(),
    });

    await expectFourEyesRefusal(versionId, "you optimized this version");
    expect((await getVersionReview(signedIn(), { routineId: id, number: 2 })).permissions.canDecide).toEqual({
      allowed: false,
      reason: "you optimized this version",
    });

    await as("reviewer");
    expect((await getVersionReview(signedIn(), { routineId: id, number: 2 })).permissions.canDecide).toEqual({
      allowed: true,
    });
    await expect(
      decideReview(signedIn(), { versionId, contentHash: await contentHashOf(versionId), decision: "approve" }),
    ).resolves.toMatchObject({
      status: "approved",
    });
  });

  it("a user who is author and reviewer cannot approve the version they wrote and submitted; another reviewer can", async () => {
    const both = await personWith(["author", "reviewer"]);
    await both.signIn();
    const { id } = await createRoutine(signedIn(), { name: "Self review", routine: makeRoutine() });
    const { versionId } = await submitForReview(signedIn(), { routineId: id, baseRevision: 0 });

    await expectFourEyesRefusal(versionId, "you wrote this version");
    expect((await getVersionReview(signedIn(), { routineId: id, number: 1 })).permissions.canDecide).toEqual({
      allowed: false,
      reason: "you wrote this version",
    });

    await as("reviewer");
    await expect(
      decideReview(signedIn(), { versionId, contentHash: await contentHashOf(versionId), decision: "approve" }),
    ).resolves.toMatchObject({
      status: "approved",
    });
    expect(await prisma.routineVersion.findUniqueOrThrow({ where: { id: versionId } })).toMatchObject({
      status: "approved",
    });
  });

  it("submitting someone else's draft also counts as taking part", async () => {
    await as("author");
    const { id } = await createRoutine(signedIn(), { name: "Submitted by another", routine: makeRoutine() });
    const both = await personWith(["author", "reviewer"]);
    await both.signIn();
    const { versionId } = await submitForReview(signedIn(), { routineId: id, baseRevision: 0 });
    await expectFourEyesRefusal(versionId, "you submitted this version");
  });

  it("the action layer shows the refusal as a sentence the reviewer can act on", async () => {
    await as("admin");
    const { id } = await createRoutine(signedIn(), { name: "Message", routine: makeRoutine() });
    const { versionId } = await submitForReview(signedIn(), { routineId: id, baseRevision: 0 });
    const error = await decideReview(signedIn(), {
      versionId,
      contentHash: await contentHashOf(versionId),
      decision: "approve",
    }).catch((caught: unknown) => caught);
    expect(toErrorState(error)).toEqual({
      status: "error",
      message: "You are not allowed to do that: Another reviewer must decide: you wrote this version (four-eyes rule).",
    });
  });
});
