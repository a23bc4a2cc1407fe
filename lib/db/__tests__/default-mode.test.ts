import { beforeAll, describe, expect, it } from "vitest";
import { ForbiddenError } from "../../access";
import { PLANNER_RESPONSE_SCHEMA } from "../../planner";
import { reviewDiff } from "../../review-rules";
import { publishedRoutine } from "../../runs/store/testing/run-test-support";
import { signedIn } from "../../../test/request-context";
import { seedDatabase } from "../../demo/seed";
import { ConflictError, prisma } from "../core";
import { getRoutine } from "../library";
import {
  decideReview,
  getDefaultModes,
  getVersionReview,
  publishVersion,
  saveOptimizedVersion,
  setDefaultMode,
  startNewDraft,
  submitForReview,
} from "../reviews";
import { archiveRoutine, readStoredRoutine } from "../routines";
import { getRun, startRun } from "../../runs/operations";
import { makeRoutine } from "../testing/routine-factories";
import {
  as,
  contentHashOf,
  demoUserId,
  lifecycleState,
  optimizedRoutine,
  provenance,
} from "../testing/review-test-support";

// The default run mode is part of the reviewed version (issue #29): an author's change is a draft that must be
// reviewed and published before any run follows it; runs read it from the published version's content.

let ownerId: string;

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  ownerId = await demoUserId("author");
});

/** A routine whose version 1 is published (workflow by default), written directly. */
const published = () => publishedRoutine({ ownerId, routine: makeRoutine({ name: "Mode" }) });

/** The mode a run started by an operator without choosing one gets. */
async function modeOfNewRun(routineId: string) {
  await as("operator");
  const { runId } = await startRun(signedIn(), { routineId, inputs: { ticket: "The printer is on fire." } });
  return (await getRun(signedIn(), runId)).mode;
}

const versionsOf = (routineId: string) =>
  prisma.routineVersion.findMany({ where: { routineId }, orderBy: { number: "asc" } });

describe("changing the default run mode", () => {
  it("of a published routine starts a draft from it; runs keep the published mode until that draft is published", async () => {
    const { routineId, versionId: v1 } = await published();
    await as("author");
    await expect(setDefaultMode(signedIn(), { routineId, mode: "agent" })).resolves.toEqual({
      number: 2,
      mode: "agent",
      changed: true,
      newDraft: true,
    });
    const [first, second] = await versionsOf(routineId);
    expect(readStoredRoutine(first.content).defaultMode).toBeUndefined();
    expect(second).toMatchObject({ status: "draft", basedOnId: v1, authorId: ownerId });
    expect(readStoredRoutine(second.content)).toEqual({ ...readStoredRoutine(first.content), defaultMode: "agent" });
    expect(await getDefaultModes(signedIn(), routineId)).toEqual({
      published: { number: 1, mode: "workflow" },
      working: { number: 2, status: "draft", mode: "agent" },
    });
    const audit = await prisma.auditLog.findMany({ where: { targetId: routineId }, orderBy: { at: "asc" } });
    expect(audit.map((entry) => entry.action)).toEqual(["routine.draft_started", "routine.default_mode_set"]);
    expect(JSON.parse(audit[1].detail!)).toMatchObject({ version: 2, from: "workflow", to: "agent" });

    // The author changed how the routine would run; runs do not follow until a reviewer has seen it.
    expect(await modeOfNewRun(routineId)).toBe("workflow");

    await as("author");
    const { revision } = await getRoutine(signedIn(), routineId);
    const { versionId: v2 } = await submitForReview(signedIn(), { routineId, baseRevision: revision });
    await as("reviewer");
    const review = await getVersionReview(signedIn(), { routineId, number: 2 });
    expect(reviewDiff(review.base!.routine, review.routine)).toMatchObject({
      defaultMode: { before: "workflow", after: "agent" },
      changes: [],
    });
    await decideReview(signedIn(), { versionId: v2, contentHash: review.contentHash, decision: "approve" });
    expect(await modeOfNewRun(routineId)).toBe("workflow");
    await as("reviewer");
    await publishVersion(signedIn(), { versionId: v2, contentHash: review.contentHash });
    expect(await modeOfNewRun(routineId)).toBe("agent");
  });

  it("of an open draft saves it as an edit: a new revision, the changer among its editors; the same mode again changes nothing", async () => {
    const { routineId } = await published();
    await as("author");
    const draft = await startNewDraft(signedIn(), { routineId });
    await as("admin");
    expect(await setDefaultMode(signedIn(), { routineId, mode: "agent" })).toMatchObject({
      number: 2,
      changed: true,
      newDraft: false,
    });
    const stored = await prisma.routineVersion.findUniqueOrThrow({ where: { id: draft.versionId } });
    expect(stored.revision).toBe(draft.revision + 1);
    expect(readStoredRoutine(stored.content).defaultMode).toBe("agent");
    const admin = await demoUserId("admin");
    expect(await prisma.versionEditor.findMany({ where: { versionId: draft.versionId, userId: admin } })).toMatchObject(
      [{ via: "save" }],
    );
    const before = await lifecycleState();
    expect(await setDefaultMode(signedIn(), { routineId, mode: "agent" })).toMatchObject({ changed: false });
    expect(await lifecycleState()).toEqual(before);

    // Four-eyes: whoever changed the mode may not approve the version.
    await as("author");
    await submitForReview(signedIn(), { routineId, baseRevision: stored.revision });
    await as("admin");
    await expect(
      decideReview(signedIn(), {
        versionId: draft.versionId,
        contentHash: await contentHashOf(draft.versionId),
        decision: "approve",
      }),
    ).rejects.toThrow(/you edited this version/);
  });

  it("back to workflow removes the field: the draft's content is the published version's again, hash and all", async () => {
    const { routineId } = await published();
    await as("author");
    await setDefaultMode(signedIn(), { routineId, mode: "agent" });
    await setDefaultMode(signedIn(), { routineId, mode: "workflow" });
    const [first, second] = await versionsOf(routineId);
    expect(JSON.parse(second.content)).not.toHaveProperty("defaultMode");
    expect(await contentHashOf(second.id)).toBe(await contentHashOf(first.id));
  });

  it("survives the planner: its version keeps the draft's default mode, which the planner may not choose", async () => {
    const { routineId } = await published();
    await as("author");
    await setDefaultMode(signedIn(), { routineId, mode: "agent" });
    const base = await getRoutine(signedIn(), routineId);
    const planned = await saveOptimizedVersion(signedIn(), {
      routineId,
      basedOnVersionId: base.versionId,
      baseRevision: base.revision,
      routine: { ...optimizedRoutine(), defaultMode: "workflow" },
      provenance: provenance(),
    });
    const stored = await prisma.routineVersion.findUniqueOrThrow({ where: { id: planned.versionId } });
    expect(readStoredRoutine(stored.content).defaultMode).toBe("agent");
    expect(PLANNER_RESPONSE_SCHEMA).toHaveProperty("properties.routine.properties.actorId");
    expect(PLANNER_RESPONSE_SCHEMA).not.toHaveProperty("properties.routine.properties.defaultMode");
  });

  it("is refused while a version is in review, on an archived routine, and for anyone but authors and admins", async () => {
    const { routineId } = await published();
    await as("author");
    const draft = await startNewDraft(signedIn(), { routineId });
    await submitForReview(signedIn(), { routineId, baseRevision: draft.revision });
    let before = await lifecycleState();
    await expect(setDefaultMode(signedIn(), { routineId, mode: "agent" })).rejects.toThrow(
      new ConflictError("Version 2 is in review; withdraw it to change how it runs, or wait for the decision."),
    );
    for (const who of ["operator", "reviewer"] as const) {
      await as(who);
      await expect(setDefaultMode(signedIn(), { routineId, mode: "agent" })).rejects.toBeInstanceOf(ForbiddenError);
    }
    expect(await lifecycleState()).toEqual(before);

    const other = await published();
    await as("author");
    await archiveRoutine(signedIn(), { routineId: other.routineId });
    before = await lifecycleState();
    await expect(setDefaultMode(signedIn(), { routineId: other.routineId, mode: "agent" })).rejects.toBeInstanceOf(
      ConflictError,
    );
    expect(await lifecycleState()).toEqual(before);
  });
});
