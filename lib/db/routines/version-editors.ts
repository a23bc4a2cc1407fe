import "server-only";
import type { Prisma } from "../generated/prisma/client";

// Who changed a version's content, for the four-eyes rule: nobody who shaped a version may approve it. Each write
// that changes content records its writer here inside its own transaction, so no edit lands unattributed.

type Tx = Prisma.TransactionClient;

/** How someone first changed a version: saved it, accepted changed tools, ran the planner, restored or created it. */
export const EDIT_WAYS = ["save", "tool_change", "optimize", "restore", "create"] as const;
export type EditWay = (typeof EDIT_WAYS)[number];

/** A stored `via`; one this code does not know reads as a save, the plainest way to have changed a version. */
export function toEditWay(value: string): EditWay {
  return (EDIT_WAYS as readonly string[]).includes(value) ? (value as EditWay) : "save";
}

/**
 * Records that `userId` changed the content of `versionId` (`via` how, the first time): one row per person, its
 * `lastAt` moved on each later change. Internal: callers authorize, and call it inside the transaction that writes.
 */
export async function recordEditor(tx: Tx, versionId: string, userId: string, via: EditWay): Promise<void> {
  const now = new Date();
  await tx.versionEditor.upsert({
    where: { versionId_userId: { versionId, userId } },
    create: { versionId, userId, via, firstAt: now, lastAt: now },
    update: { lastAt: now },
  });
}

/**
 * Records the creator of a version made from another one (`via` create, restore or optimize) and carries the
 * source's editors over when no independent reviewer approved the source: its content is theirs, and the review of
 * the new version shows only what changed since the source. Without this, someone who edited a draft could approve
 * its unchanged copy (a new draft started from it, or the planner's rewrite of it). An approved or published
 * source was approved by someone who wrote none of it, so its editors are free to review what changed since.
 * Internal: callers authorize, inside their transaction.
 */
export async function recordDerivedEditors(
  tx: Tx,
  versionId: string,
  creatorId: string,
  via: EditWay,
  sourceVersionId: string | null,
): Promise<void> {
  await recordEditor(tx, versionId, creatorId, via);
  if (!sourceVersionId) return;
  const source = await tx.routineVersion.findUnique({
    where: { id: sourceVersionId },
    select: { status: true, editors: { select: { userId: true, via: true, firstAt: true, lastAt: true } } },
  });
  if (!source || source.status === "approved" || source.status === "published") return;
  const carried = source.editors.filter((editor) => editor.userId !== creatorId);
  if (carried.length > 0) await tx.versionEditor.createMany({ data: carried.map((row) => ({ ...row, versionId })) });
}

/** The ids of everyone recorded as having changed a version's content. Internal: callers authorize. */
export async function versionEditorIds(tx: Pick<Tx, "versionEditor">, versionId: string): Promise<string[]> {
  const rows = await tx.versionEditor.findMany({ where: { versionId }, select: { userId: true } });
  return rows.map((row) => row.userId);
}
