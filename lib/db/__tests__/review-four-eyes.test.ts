import { beforeAll, describe, expect, it, vi } from "vitest";
import { toErrorState } from "../../actions/action-state";
import { ForbiddenError } from "../../access/errors";
import { prisma } from "../core/client";
import { saveOptimizedVersion } from "../reviews/optimized-versions";
import { submitForReview } from "../reviews/routine-versions";
import { createRoutine } from "../routines/routine-writes";
import { getRoutine } from "../routines/routines";
import { decideReview } from "../reviews/reviews";
import { seedDatabase } from "../../demo/seed";
import { getVersionReview } from "../reviews/version-review";
import { makeRoutine } from "../testing/routine-factories";
import { as, lifecycleState, optimizedRoutine, personWith, provenance } from "../testing/review-test-support";

vi.mock("next/headers", async () => (await import("../../../test/request-context")).nextHeadersMock);

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
});

/** Tries every decision as the signed-in user; each must be refused as four-eyes, writing nothing. */
async function expectFourEyesRefusal(versionId: string, part: string) {
  const before = await lifecycleState();
  for (const decision of ["approve", "request_changes", "reject"] as const) {
    const error = await decideReview({ versionId, decision, comment: "Looks fine to me." }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ForbiddenError);
    expect((error as Error).message).toBe(`Another reviewer must decide: ${part} (four-eyes rule).`);
  }
  expect(await lifecycleState()).toEqual(before);
}

describe("four-eyes: nobody decides on a version they wrote, optimized or submitted", () => {
  it("an admin who ran the planner cannot approve the optimized version; a reviewer can", async () => {
    await as("admin");
    const { id } = await createRoutine({ name: "Admin optimizes", routine: makeRoutine() });
    const { versionId: baseId } = await getRoutine(id);
    const { versionId } = await saveOptimizedVersion({ routineId: id, basedOnVersionId: baseId, routine: optimizedRoutine(), provenance: provenance() });

    await expectFourEyesRefusal(versionId, "you optimized this version");
    expect((await getVersionReview({ routineId: id, number: 2 })).permissions.canDecide).toEqual({ allowed: false, reason: "you optimized this version" });

    await as("reviewer");
    expect((await getVersionReview({ routineId: id, number: 2 })).permissions.canDecide).toEqual({ allowed: true });
    await expect(decideReview({ versionId, decision: "approve" })).resolves.toMatchObject({ status: "approved" });
  });

  it("a user who is author and reviewer cannot approve the version they wrote and submitted; another reviewer can", async () => {
    const both = await personWith(["author", "reviewer"]);
    await both.signIn();
    const { id } = await createRoutine({ name: "Self review", routine: makeRoutine() });
    const { versionId } = await submitForReview({ routineId: id, baseRevision: 0 });

    await expectFourEyesRefusal(versionId, "you wrote this version");
    expect((await getVersionReview({ routineId: id, number: 1 })).permissions.canDecide).toEqual({ allowed: false, reason: "you wrote this version" });

    await as("reviewer");
    await expect(decideReview({ versionId, decision: "approve" })).resolves.toMatchObject({ status: "approved" });
    expect(await prisma.routineVersion.findUniqueOrThrow({ where: { id: versionId } })).toMatchObject({ status: "approved" });
  });

  it("submitting someone else's draft also counts as taking part", async () => {
    await as("author");
    const { id } = await createRoutine({ name: "Submitted by another", routine: makeRoutine() });
    const both = await personWith(["author", "reviewer"]);
    await both.signIn();
    const { versionId } = await submitForReview({ routineId: id, baseRevision: 0 });
    await expectFourEyesRefusal(versionId, "you submitted this version");
  });

  it("the action layer shows the refusal as a sentence the reviewer can act on", async () => {
    await as("admin");
    const { id } = await createRoutine({ name: "Message", routine: makeRoutine() });
    const { versionId } = await submitForReview({ routineId: id, baseRevision: 0 });
    const error = await decideReview({ versionId, decision: "approve" }).catch((caught: unknown) => caught);
    expect(toErrorState(error)).toEqual({
      status: "error",
      message: "You are not allowed to do that: Another reviewer must decide: you wrote this version (four-eyes rule).",
    });
  });
});
