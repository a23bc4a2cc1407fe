import "server-only";
import { routineContentHash } from "../../crypto";
import { prisma } from "../../db/core";
import { findRoutineVersion, type PublishedRoutine } from "../../runs/store";

/** A version as a case's run is launched on: the routine that runs, and the content hash its result records. */
export type LaunchedVersion = { published: PublishedRoutine; contentHash: string };

/**
 * The versions of one eval run's configurations, read once per revision: a draft an author saves while its suite
 * runs is read again, so each result records the hash of the content its run was launched on.
 */
export function launchedVersions(routineId: string): (versionId: string) => Promise<LaunchedVersion> {
  const read = new Map<string, Promise<LaunchedVersion>>();
  return async (versionId) => {
    const row = await prisma.routineVersion.findUnique({ where: { id: versionId }, select: { revision: true } });
    const key = `${versionId}@${row?.revision ?? "?"}`;
    let found = read.get(key);
    if (!found) {
      found = findRoutineVersion(routineId, versionId).then((published) => ({
        published,
        contentHash: routineContentHash(published.routine),
      }));
      // A refusal (the version is gone, a tool changed) is asked again next time rather than kept.
      found.catch(() => read.delete(key));
      read.set(key, found);
    }
    return found;
  };
}
