import "server-only";
import { randomUUID } from "node:crypto";
import { requireRole, type Viewer, WRITER_ROLES } from "../../access";
import { recordAudit } from "../audit";
import {
  ConflictError,
  isUniqueViolation,
  NotFoundError,
  parseInput,
  prisma,
  StaleSaveError,
  withDbErrors,
} from "../core";
import {
  blockingIssues,
  mirrorWorkingVersion,
  prepareRoutine,
  readStoredRoutine,
  recordDerivedEditors,
  registryActorLookup,
  registryToolLookup,
  RoutineIssuesError,
} from "../routines";
import { startNewDraftInput, submitForReviewInput, withdrawFromReviewInput } from "./review-inputs";
import { enforce, startDraftVerdict, submitVerdict, withdrawVerdict } from "./review-rules";
import type { Prisma } from "../generated/prisma/client";
import type { Routine } from "../../routine";
import { assertToolsUnchanged, findVersion, findWorking } from "./version-records";

type Tx = Prisma.TransactionClient;

/** The version a lifecycle write touched or created. */
export type VersionRef = { versionId: string; number: number };

/**
 * Sends the working draft to review. Authors and admins. `baseRevision` is the revision the author looked at:
 * when the draft was saved since, a StaleSaveError says so and nothing changes (a reviewer must see what the
 * author saw). The routine must have no validation errors against the registry's tools (warnings are fine):
 * otherwise a RoutineIssuesError lists them. Tools whose schema changed must be accepted first (ConflictError).
 * The version becomes `in_review` with its submission time; audited as "routine.submitted".
 */
export async function submitForReview(
  viewer: Viewer | null,
  input: { routineId: string; baseRevision: number },
): Promise<VersionRef> {
  requireRole(viewer, ...WRITER_ROLES);
  const { routineId, baseRevision } = parseInput(submitForReviewInput, input);
  const tools = await withDbErrors(registryToolLookup);
  const actors = await withDbErrors(registryActorLookup);
  return withDbErrors(() =>
    prisma.$transaction(async (tx) => {
      const { version, facts } = await findWorking(tx, routineId);
      enforce(submitVerdict(viewer, facts), WRITER_ROLES);
      const stale = new StaleSaveError(
        version.revision,
        "This draft was saved since you looked at it; check the latest revision and submit again. Nothing was submitted.",
      );
      if (version.revision !== baseRevision) throw stale;
      const issues = blockingIssues(readStoredRoutine(version.content), tools, actors);
      if (issues.length > 0) throw new RoutineIssuesError(issues);
      await assertToolsUnchanged(tx, version, {
        doing: "submitted",
        advice: "Accept the changed tools in the designer first.",
      });
      // Status and revision are checked again in the write itself, so a save landing meanwhile is not submitted unseen.
      const { count } = await tx.routineVersion.updateMany({
        where: { id: version.id, status: "draft", revision: baseRevision },
        data: { status: "in_review", submittedAt: new Date() },
      });
      if (count === 0) throw stale;
      await audit(tx, "routine.submitted", viewer, version);
      return { versionId: version.id, number: version.number };
    }),
  );
}

/**
 * Takes the working version back out of review, as a draft the authors can edit again. Authors and admins;
 * ConflictError when it is not in review (a reviewer decided first). Comments stay; audited as "routine.withdrawn".
 */
export async function withdrawFromReview(viewer: Viewer | null, input: { routineId: string }): Promise<VersionRef> {
  requireRole(viewer, ...WRITER_ROLES);
  const { routineId } = parseInput(withdrawFromReviewInput, input);
  return withDbErrors(() =>
    prisma.$transaction(async (tx) => {
      const { version, facts } = await findWorking(tx, routineId);
      enforce(withdrawVerdict(viewer, facts), WRITER_ROLES);
      const { count } = await tx.routineVersion.updateMany({
        where: { id: version.id, status: "in_review" },
        data: { status: "draft", submittedAt: null },
      });
      if (count === 0) throw new ConflictError("A reviewer decided on this version a moment ago; reload it.");
      await audit(tx, "routine.withdrawn", viewer, version);
      return { versionId: version.id, number: version.number };
    }),
  );
}

/**
 * Starts a new working draft, numbered after the newest version, with the content of `fromVersionId` (another
 * version of this routine, e.g. an older approved one to build on; by default the working version). Authors and
 * admins, when the working version is approved, published or rejected: a draft is edited as it is, and a version
 * in review is withdrawn first (ConflictError otherwise). The viewer is the new draft's author (its editor by
 * "create", or "restore" from an older version), with the source's editors unless the source was approved; its
 * tool pins are the source's, so a changed tool stays flagged until accepted. Audited as "routine.draft_started".
 */
export async function startNewDraft(
  viewer: Viewer | null,
  input: { routineId: string; fromVersionId?: string },
): Promise<VersionRef & { revision: number }> {
  requireRole(viewer, ...WRITER_ROLES);
  const { routineId, fromVersionId } = parseInput(startNewDraftInput, input);
  return withDbErrors(() =>
    refuseDraftRace(() =>
      prisma.$transaction(async (tx) => createDraft(tx, viewer, await findWorking(tx, routineId), fromVersionId)),
    ),
  );
}

/**
 * startNewDraft inside the caller's transaction, from the working version as the caller read it; `edit` changes the
 * copied content before it is stored (the default mode's setting). Wrap the transaction in refuseDraftRace.
 * Internal: the caller has checked the viewer's role; the lifecycle rules are checked here.
 */
export async function createDraft(
  tx: Tx,
  viewer: Viewer,
  working: Awaited<ReturnType<typeof findWorking>>,
  fromVersionId?: string,
  edit: (routine: Routine) => Routine = (routine) => routine,
): Promise<VersionRef & { revision: number }> {
  const routineId = working.version.routineId;
  enforce(startDraftVerdict(viewer, working.facts), WRITER_ROLES);
  const restoring = fromVersionId !== undefined && fromVersionId !== working.version.id;
  const from = restoring ? (await findVersion(tx, fromVersionId)).version : working.version;
  if (from.routineId !== routineId) throw new NotFoundError("That version belongs to another routine.");
  const prepared = prepareRoutine(edit(readStoredRoutine(from.content)), routineId);
  const created = { id: randomUUID(), number: working.version.number + 1 };
  // The new number is unique per routine: of two versions started at once from the same working one, one is
  // refused (refuseDraftRace), whatever the database's isolation.
  await tx.routineVersion.create({
    data: {
      ...created,
      routineId,
      status: "draft",
      content: prepared.content,
      stepCount: prepared.stepCount,
      basedOnId: from.id,
      authorId: viewer.id,
      toolHashes: from.toolHashes,
    },
  });
  await recordDerivedEditors(tx, created.id, viewer.id, restoring ? "restore" : "create", from.id);
  await mirrorWorkingVersion(tx, routineId, prepared.routine);
  await recordAudit(
    {
      action: "routine.draft_started",
      actor: viewer,
      target: { type: "routine", id: routineId },
      detail: { version: created.number, versionId: created.id, from: from.number },
    },
    tx,
  );
  return { versionId: created.id, number: created.number, revision: 0 };
}

/** Runs a transaction that creates a version, turning a clash over its number into a ConflictError. */
export async function refuseDraftRace<T>(transaction: () => Promise<T>): Promise<T> {
  try {
    return await transaction();
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ConflictError("Someone else started a new version of this routine a moment ago; reload it.");
    throw error;
  }
}

function audit(
  tx: Parameters<typeof recordAudit>[1],
  action: "routine.submitted" | "routine.withdrawn",
  viewer: { id: string; email: string },
  version: { id: string; routineId: string; number: number },
) {
  return recordAudit(
    {
      action,
      actor: viewer,
      target: { type: "routine", id: version.routineId },
      detail: { version: version.number, versionId: version.id },
    },
    tx,
  );
}
