import "server-only";
import { type Viewer, requireUser } from "../../access";
import { NotFoundError, parseInput, prisma, withDbErrors } from "../core";
import { routineIdSchema } from "../routines";
import { storedContentHash } from "./content-binding";
import { userRefSelect, type UserRef } from "./review-views";
import { toVersionSummary, versionSummarySelect, type VersionSummary } from "./version-summary";

/** One time a version became the published one. */
export type PublicationView = {
  id: string;
  versionId: string;
  versionNumber: number;
  publishedBy: UserRef | null;
  publishedAt: Date;
  /** An older version published again. */
  rollback: boolean;
  approvedBy: UserRef | null;
  approvedAt: Date | null;
};

/** Every version of a routine and its publication history. */
export type RoutineVersionHistory = {
  routineId: string;
  name: string;
  archived: boolean;
  workingVersionNumber: number;
  publishedVersionNumber: number | null;
  /**
   * Newest first. `contentHash` for approved and published versions (the ones that can be published or rolled back
   * to): a publication from this page carries it and is refused when the content changed since; null for the others.
   */
  versions: Array<VersionSummary & { contentHash: string | null }>;
  /** Newest first. */
  publications: PublicationView[];
};

/** A routine's versions (status, authors, review decisions, open comments, provenance) and who published what when. Any signed-in user. */
export async function listRoutineVersions(viewer: Viewer | null, routineId: string): Promise<RoutineVersionHistory> {
  requireUser(viewer);
  const id = parseInput(routineIdSchema, routineId);
  return withDbErrors(async () => {
    const routine = await prisma.routine.findUnique({
      where: { id },
      select: {
        id: true,
        name: true,
        archivedAt: true,
        publishedVersionId: true,
        versions: { orderBy: { number: "desc" }, select: versionSummarySelect },
        publications: {
          orderBy: [{ publishedAt: "desc" }, { id: "desc" }],
          select: {
            id: true,
            publishedAt: true,
            rollback: true,
            publishedBy: userRefSelect,
            version: { select: { id: true, number: true, approvedAt: true, approvedBy: userRefSelect } },
          },
        },
      },
    });
    if (!routine || routine.versions.length === 0) throw new NotFoundError("That routine no longer exists.");
    const workingNumber = routine.versions[0].number;
    const publishable = await prisma.routineVersion.findMany({
      where: { routineId: id, status: { in: ["approved", "published"] } },
      select: { id: true, content: true },
    });
    const hashes = new Map(publishable.map((row) => [row.id, hashOrNull(row.content)]));
    const versions = routine.versions.map((row) => ({
      ...toVersionSummary(row, { publishedVersionId: routine.publishedVersionId, workingNumber }),
      contentHash: hashes.get(row.id) ?? null,
    }));
    return {
      routineId: routine.id,
      name: routine.name,
      archived: routine.archivedAt !== null,
      workingVersionNumber: workingNumber,
      publishedVersionNumber: versions.find((version) => version.isPublished)?.number ?? null,
      versions,
      publications: routine.publications.map((row) => ({
        id: row.id,
        versionId: row.version.id,
        versionNumber: row.version.number,
        publishedBy: row.publishedBy,
        publishedAt: row.publishedAt,
        rollback: row.rollback,
        approvedBy: row.version.approvedBy,
        approvedAt: row.version.approvedAt,
      })),
    };
  });
}

/** The content hash of stored content, or null when it cannot be read (the history still lists the version). */
function hashOrNull(content: string): string | null {
  try {
    return storedContentHash(content);
  } catch {
    return null;
  }
}
