import "server-only";
import { readToolPins, toolChanges } from "../../tools";
import { ConflictError, NotFoundError } from "../core";
import type { Prisma } from "../generated/prisma/client";
import { toRoutineStatus, versionEditorIds } from "../routines";
import type { VersionFacts } from "./review-rules";
import { readCurrentToolHashes } from "../tools";

// Reads shared by the review writes, with no authorization of their own: callers authorize.

type Tx = Prisma.TransactionClient;

/** A version with its routine and what the review rules need to know about it, or a NotFoundError. */
export async function findVersion(tx: Tx, versionId: string) {
  const version = await tx.routineVersion.findUnique({
    where: { id: versionId },
    select: {
      id: true,
      routineId: true,
      number: true,
      status: true,
      revision: true,
      content: true,
      stepCount: true,
      authorId: true,
      optimizedById: true,
      toolHashes: true,
      routine: { select: { id: true, name: true, archivedAt: true, updatedAt: true, publishedVersionId: true } },
    },
  });
  if (!version) throw new NotFoundError("That version no longer exists.");
  return { version, facts: await versionFacts(tx, version, version.routine.archivedAt !== null) };
}

/** The working (newest) version of a routine, as findVersion reads it, or a NotFoundError. */
export async function findWorking(tx: Tx, routineId: string) {
  const newest = await tx.routineVersion.findFirst({
    where: { routineId },
    orderBy: { number: "desc" },
    select: { id: true },
  });
  if (!newest) throw new NotFoundError("That routine no longer exists.");
  return findVersion(tx, newest.id);
}

/**
 * The rule facts of a version: its editors from version_editor, its submitters from the audit log (the only place
 * a submission is recorded).
 */
export async function versionFacts(
  tx: Pick<Tx, "auditLog" | "versionEditor">,
  version: { id: string; number: number; status: string; authorId: string | null; optimizedById: string | null },
  archived: boolean,
): Promise<VersionFacts> {
  return {
    number: version.number,
    status: toRoutineStatus(version.status),
    authorId: version.authorId,
    optimizedById: version.optimizedById,
    editorIds: await versionEditorIds(tx, version.id),
    submitterIds: await submitterIds(tx, version.id),
    archived,
  };
}

async function submitterIds(tx: Pick<Tx, "auditLog">, versionId: string): Promise<string[]> {
  // The detail is JSON text; matching the version id inside it keeps the query portable (SQLite and PostgreSQL).
  const rows = await tx.auditLog.findMany({
    where: {
      action: { in: ["routine.submitted", "routine.optimized"] },
      detail: { contains: `"versionId":"${versionId}"` },
    },
    select: { actorId: true },
  });
  return [...new Set(rows.flatMap((row) => (row.actorId ? [row.actorId] : [])))];
}

/** The number the next version of a routine gets: one above the highest. */
export async function nextVersionNumber(tx: Tx, routineId: string): Promise<number> {
  const { _max } = await tx.routineVersion.aggregate({ where: { routineId }, _max: { number: true } });
  return (_max.number ?? 0) + 1;
}

/**
 * Refuses to move a version on while a tool it uses changed its schema since the version was saved against it:
 * what is reviewed and published must be what runs (the runner refuses changed tools until re-reviewed).
 */
export async function assertToolsUnchanged(
  tx: Tx,
  version: { number: number; toolHashes: string },
  refusal: { doing: string; advice: string },
): Promise<void> {
  const changes = toolChanges(readToolPins(version.toolHashes), await readCurrentToolHashes(tx));
  if (changes.length === 0) return;
  const names = changes.map((change) => `${change.server}/${change.name} (${change.change})`).join(", ");
  throw new ConflictError(
    `Version ${version.number} cannot be ${refusal.doing}: tools it uses changed since it was saved (${names}). ${refusal.advice}`,
  );
}

/** The advice for a version that is no longer a draft: its tool changes are accepted on a new draft. */
export const REVIEW_AGAIN = "Start a new draft, accept the changed tools there and have it reviewed again.";
