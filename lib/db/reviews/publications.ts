import "server-only";
import { randomUUID } from "node:crypto";
import { DECIDER_ROLES, requireRole, type Viewer } from "../../access";
import { recordAudit } from "../audit";
import { gateRefusal, type PublishGate } from "../../review-rules";
import { ConflictError, parseInput, prisma, withDbErrors } from "../core";
import { assertContentSeen } from "./content-binding";
import { publishVersionInput } from "./review-inputs";
import { enforce, publishVerdict } from "./review-rules";
import { readPublishGate } from "./version-evaluation";
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
 * The working version (what the designer opens) does not change. `contentHash` is the content hash of the version
 * as the publisher's page showed it: when the version's content is no longer that, a VersionChangedError and nothing
 * is written (compared in the publishing transaction; the status change is conditional on the revision compared).
 *
 * The publish gate: a version whose latest accuracy on some evaluation suite is lower than the published
 * version's needs `override.reason` (10–1000 characters); without it a ConflictError names the suites and both
 * scores. An override is audited as "routine.publish_overridden" with the reason and the scores, beside the
 * publication, in the same transaction.
 */
export async function publishVersion(
  viewer: Viewer | null,
  input: { versionId: string; contentHash: string; override?: { reason: string } },
): Promise<PublishOutcome> {
  requireRole(viewer, ...DECIDER_ROLES);
  const { versionId, contentHash, override } = parseInput(publishVersionInput, input);
  return withDbErrors(async () => {
    const gated = await gateOf(versionId);
    return prisma.$transaction(async (tx) => {
      const { version, facts } = await findVersion(tx, versionId);
      enforce(publishVerdict(viewer, facts), DECIDER_ROLES);
      assertContentSeen(version, contentHash, "published");
      await assertToolsUnchanged(tx, version, { doing: "published", advice: REVIEW_AGAIN });
      const previousId = version.routine.publishedVersionId;
      const previous = previousId
        ? await tx.routineVersion.findUnique({ where: { id: previousId }, select: { id: true, number: true } })
        : null;
      const rollback = previous !== null && version.number < previous.number;
      const race = new ConflictError("Someone published a version of this routine a moment ago; reload it.");
      // The scores were compared with the version published then; another one since means compare again.
      if (gated && gated.publishedId !== previousId) throw race;
      const gate = gated?.gate ?? null;
      if (gate?.blocked && !override)
        throw new ConflictError(gateRefusal(gate, { candidate: version.number, published: previous?.number ?? null }));
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
        where: { id: version.id, status: "approved", revision: version.revision },
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
      if (gate?.blocked && override)
        await recordAudit(
          {
            action: "routine.publish_overridden",
            actor: viewer,
            target: { type: "routine", id: version.routineId },
            detail: overrideDetail(gate, override.reason, version, previous),
          },
          tx,
        );
      await recordAudit(
        {
          action: rollback ? "routine.rolled_back" : "routine.published",
          actor: viewer,
          target: { type: "routine", id: version.routineId },
          detail: {
            version: version.number,
            versionId: version.id,
            contentHash,
            previous: previous?.number ?? null,
          },
        },
        tx,
      );
      return { versionId: version.id, number: version.number, previousNumber: previous?.number ?? null, rollback };
    });
  });
}

/** The gate of a version against the routine's published version as it is now; null for an unknown version. */
async function gateOf(versionId: string): Promise<{ publishedId: string | null; gate: PublishGate } | null> {
  const row = await prisma.routineVersion.findUnique({
    where: { id: versionId },
    select: { routineId: true, routine: { select: { publishedVersionId: true } } },
  });
  // Unknown: the transaction's own read reports it.
  if (!row) return null;
  const publishedId = row.routine.publishedVersionId;
  return { publishedId, gate: await readPublishGate(row.routineId, versionId, publishedId) };
}

/** The override's audit detail: the reason, and every suite where the version scored lower, with both scores. */
function overrideDetail(
  gate: PublishGate,
  reason: string,
  version: { id: string; number: number },
  previous: { id: string; number: number } | null,
) {
  return {
    version: version.number,
    versionId: version.id,
    published: previous?.number ?? null,
    publishedVersionId: previous?.id ?? null,
    reason,
    suites: gate.rows
      .filter((row) => row.lower)
      .map((row) => ({
        suiteId: row.suiteId,
        suiteName: row.suiteName,
        candidate: {
          accuracy: row.candidate!.accuracy,
          cases: row.candidate!.cases,
          evalRunId: row.candidate!.evalRunId,
        },
        published: {
          accuracy: row.published!.accuracy,
          cases: row.published!.cases,
          evalRunId: row.published!.evalRunId,
        },
      })),
  };
}
