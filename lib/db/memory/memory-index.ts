import "server-only";
import { documentFromRoutine, ProcedureIndex } from "../../memory";
import { prisma } from "../core";
import { readStoredRoutine } from "../routines";

/** The routines retrieval can pick: published, not archived, each with the version that runs. */
type Published = Map<string, string>;

type IndexState = { index: ProcedureIndex; published: Published; fingerprint: string };

let state: IndexState = { index: new ProcedureIndex(), published: new Map(), fingerprint: "" };
let queue: Promise<unknown> = Promise.resolve();

async function readPublished(): Promise<Published> {
  const rows = await prisma.routine.findMany({
    where: { publishedVersionId: { not: null }, archivedAt: null },
    select: { id: true, publishedVersionId: true },
  });
  return new Map(rows.map((row) => [row.id, row.publishedVersionId!]));
}

function fingerprintOf(published: Published): string {
  return [...published.entries()]
    .map(([routineId, versionId]) => `${routineId}:${versionId}`)
    .sort()
    .join(",");
}

/**
 * Brings the index up to date with the published versions in the database: routines whose published version changed
 * (a publish, a rollback) get their new document, routines no longer published or archived leave, and the rest stay
 * as they are. A version whose stored content cannot be read is left out and logged, never fails a retrieval.
 */
async function sync(): Promise<ProcedureIndex> {
  const published = await readPublished();
  const fingerprint = fingerprintOf(published);
  if (fingerprint === state.fingerprint) return state.index;

  const changed = [...published.entries()].filter(
    ([routineId, versionId]) => state.published.get(routineId) !== versionId,
  );
  const versions = changed.length
    ? await prisma.routineVersion.findMany({
        where: { id: { in: changed.map(([, versionId]) => versionId) } },
        select: { id: true, routineId: true, content: true },
      })
    : [];
  // Everything read: the index changes in one synchronous stretch, so no retrieval sees it half updated.
  const { index } = state;
  for (const routineId of state.published.keys()) if (!published.has(routineId)) index.remove(routineId);
  for (const version of versions) {
    try {
      const routine = readStoredRoutine(version.content);
      index.add(documentFromRoutine(routine, { routineId: version.routineId, versionId: version.id }));
    } catch (error) {
      index.remove(version.routineId);
      console.error(
        `[memory] version ${version.id} of routine ${version.routineId} is left out of procedure memory:`,
        error instanceof Error ? error.message : error,
      );
    }
  }
  state = { index, published, fingerprint };
  return index;
}

/**
 * The index over the routines published now. Each call checks the published versions with one small query (routine
 * id and published version id of every published, unarchived routine), so a publish, a rollback or an archive made
 * by any process, this one or another, is seen by the next retrieval; only the versions that changed are read and
 * indexed again. Calls run one at a time, so two retrievals never update the index at once.
 */
export function currentIndex(): Promise<ProcedureIndex> {
  const next = queue.then(sync, sync);
  queue = next.catch(() => undefined);
  return next;
}
