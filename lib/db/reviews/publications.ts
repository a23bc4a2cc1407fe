import "server-only";
import { randomUUID } from "node:crypto";
import { DECIDER_ROLES, requireRole, type Viewer } from "../../access";
import { recordAudit } from "../audit";
import { ConflictError, parseInput, prisma, withDbErrors } from "../core";
import { publishVersionInput } from "./review-inputs";
import { enforce, publishVerdict } from "./review-rules";
import { assertToolsUnchanged, findVersion, REVIEW_AGAIN } from "./version-records";

/** What a publication did: which version runs now, which one it replaced, and whether that was a rollback. */
export type PublishOutcome = { versionId: string; number: number; previousNumber: number | null; rollback: boolean };

/**
 * Makes an approved version the one that runs. Reviewers and admins; the routine must not be archived. Any
 * approved version may be published, including one published before (a rollback is publishing an older one);
 * ConflictError for a version that is not approved, already published, or uses tools whose schema changed since it
 * was saved. In one transaction: the previously published version goes back to `approved`, this one becomes
 * `published`, the routine points at it, and a routine_publication row records who published it and whether it
 * is older than the one it replaced (rollback). Audited as "routine.published" or "routine.rolled_back".
 * The working version (what the designer opens) does not change.
 */
export async function publishVersion(viewer: Viewer | null, input: { versionId: string }): Promise<PublishOutcome> {
  requireRole(viewer, ...DECIDER_ROLES);
  const { versionId } = parseInput(publishVersionInput, input);
  return withDbErrors(() =>
    prisma.$transaction(async (tx) => {
      const { version, facts } = await findVersion(tx, versionId);
      enforce(publishVerdict(viewer, facts), DECIDER_ROLES);
      await assertToolsUnchanged(tx, version, { doing: "published", advice: REVIEW_AGAIN });
      const previousId = version.routine.publishedVersionId;
      const previous = previousId
        ? await tx.routineVersion.findUnique({ where: { id: previousId }, select: { id: true, number: true } })
        : null;
      const rollback = previous !== null && version.number < previous.number;
      const race = new ConflictError("Someone published a version of this routine a moment ago; reload it.");
      // Conditional on what was read, so of two publications at once only one lands. Publishing is not an
      // edit: the library's "last edited" time stays.
      const moved = await tx.routine.updateMany({
        where: { id: version.routineId, publishedVersionId: previousId },
        data: { publishedVersionId: version.id, updatedAt: version.routine.updatedAt },
      });
      if (moved.count === 0) throw race;
      if (previous)
        await tx.routineVersion.updateMany({
          where: { id: previous.id, status: "published" },
          data: { status: "approved" },
        });
      const published = await tx.routineVersion.updateMany({
        where: { id: version.id, status: "approved" },
        data: { status: "published" },
      });
      if (published.count === 0) throw race;
      await tx.routinePublication.create({
        data: {
          id: randomUUID(),
          routineId: version.routineId,
          versionId: version.id,
          publishedById: viewer.id,
          rollback,
        },
      });
      await recordAudit(
        {
          action: rollback ? "routine.rolled_back" : "routine.published",
          actor: viewer,
          target: { type: "routine", id: version.routineId },
          detail: { version: version.number, versionId: version.id, previous: previous?.number ?? null },
        },
        tx,
      );
      return { versionId: version.id, number: version.number, previousNumber: previous?.number ?? null, rollback };
    }),
  );
}
