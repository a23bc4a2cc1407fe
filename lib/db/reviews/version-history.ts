import "server-only";
import { type Viewer, requireUser } from "../../access";
import { NotFoundError, parseInput, prisma, withDbErrors } from "../core";
import { routineIdSchema } from "../routines";
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
  /** Newest first. */
  versions: VersionSummary[];
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
    const versions = routine.versions.map((row) =>
      toVersionSummary(row, { publishedVersionId: routine.publishedVersionId, workingNumber }),
    );
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
