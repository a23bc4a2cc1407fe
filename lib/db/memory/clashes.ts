import "server-only";
import { createHash } from "node:crypto";
import { z } from "zod";
import { type RoleList, type Viewer, requireRole } from "../../access";
import { documentFromRoutine, findClashes, type Clash, type MemoryDocument, type MemoryThresholds } from "../../memory";
import { NotFoundError, parseInput, prisma, ValidationError, withDbErrors } from "../core";
import { readStoredRoutine } from "../routines";
import { currentIndex } from "./memory-index";
import { memoryThresholdsInEffect } from "./memory-thresholds";

/**
 * Who reads the clash report: authors (their routine's intents should find it, not another), reviewers (a version
 * under review should not take another routine's requests) and admins. Operators start runs and do not need it.
 */
export const CLASH_ROLES = ["author", "reviewer", "admin"] as const satisfies RoleList;

const versionInput = z.object({
  versionId: z.string({ error: "Choose a version." }).trim().min(1, "Choose a version.").max(100),
});

export type VersionClashes = { routineId: string; versionId: string; clashes: Clash[] };

/**
 * The last library report, by the published versions and thresholds it was computed for: the report costs one search
 * per intent of the whole library, and pages ask for it on every visit while publications rarely change.
 */
let lastReport: { key: string; clashes: Clash[] } | null = null;

/**
 * Recent version checks, by the version's document and the library key: the review screen is opened again and again
 * for the same version, and each check also costs one search per intent of the library. Oldest out first.
 */
const versionReports = new Map<string, Clash[]>();
const MAX_VERSION_REPORTS = 50;

function remember(key: string, clashes: Clash[]): Clash[] {
  versionReports.delete(key);
  versionReports.set(key, clashes);
  if (versionReports.size > MAX_VERSION_REPORTS) versionReports.delete(versionReports.keys().next().value!);
  return clashes;
}

/** A digest of what a report depends on: the thresholds, the published versions and, for a version check, its document. */
function reportKey(docs: readonly MemoryDocument[], thresholds: MemoryThresholds, candidate?: MemoryDocument): string {
  const versions = docs.map((doc) => doc.versionId).sort();
  return createHash("sha256")
    .update(JSON.stringify([thresholds.minScore, thresholds.ambiguityMargin, versions, candidate ?? null]))
    .digest("hex");
}

/** The published documents (one per published, unarchived routine) and the thresholds retrieval decides with. */
async function publishedAndThresholds() {
  const [index, thresholds] = await Promise.all([currentIndex(), memoryThresholdsInEffect()]);
  return { docs: index.documents(), thresholds };
}

/**
 * The clash report of the published routines: pairs of routines where an intent (example request) of one retrieves
 * the other first or within the ambiguity margin of itself, under the admin's thresholds, ranked by keywords as
 * retrieval does without an embedder. Authors, reviewers and admins. Follows publish, rollback and archive on the next
 * call (the index does), and is recomputed only when the published versions or the thresholds changed.
 */
export async function listClashes(viewer: Viewer | null): Promise<Clash[]> {
  requireRole(viewer, ...CLASH_ROLES);
  return withDbErrors(async () => {
    const { docs, thresholds } = await publishedAndThresholds();
    const key = reportKey(docs, thresholds);
    if (lastReport?.key === key) return lastReport.clashes;
    const clashes = findClashes(docs, { thresholds });
    lastReport = { key, clashes };
    return clashes;
  });
}

/**
 * The clashes a version would bring if it were published: its intents retrieved against the published routines, with
 * the version in place of its own routine's published version, and the published routines' intents retrieved against
 * it. Only clashes that involve the version's routine. Authors, reviewers and admins; any version (a draft, one in
 * review, an older one). NotFoundError for an unknown version; ValidationError when its stored content is unreadable.
 */
export async function clashesForVersion(viewer: Viewer | null, versionId: string): Promise<VersionClashes> {
  requireRole(viewer, ...CLASH_ROLES);
  const input = parseInput(versionInput, { versionId });
  return withDbErrors(async () => {
    const version = await prisma.routineVersion.findUnique({
      where: { id: input.versionId },
      select: { id: true, routineId: true, content: true },
    });
    if (!version) throw new NotFoundError("This version does not exist.");
    let candidate: MemoryDocument;
    try {
      candidate = documentFromRoutine(readStoredRoutine(version.content), {
        routineId: version.routineId,
        versionId: version.id,
      });
    } catch {
      throw new ValidationError("This version's content cannot be read, so its intents cannot be checked for clashes.");
    }
    const { docs, thresholds } = await publishedAndThresholds();
    const others = docs.filter((doc) => doc.routineId !== version.routineId);
    // A draft's content changes under the same id: the key holds the document itself.
    const key = reportKey(others, thresholds, candidate);
    const clashes = versionReports.get(key) ?? findClashes(others, { thresholds, candidate });
    return { routineId: version.routineId, versionId: version.id, clashes: remember(key, clashes) };
  });
}
