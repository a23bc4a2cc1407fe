import "server-only";
import { randomUUID } from "node:crypto";
import { NotFoundError } from "../core";
import type { Prisma } from "../generated/prisma/client";
import { pinToolHashes, readToolPins } from "../../tools";
import type { Routine } from "../../routine";
import type { PreparedRoutine } from "./routine-content";
import { readCurrentToolHashes } from "../tools";
import { recordDerivedEditors } from "./version-editors";

type Tx = Prisma.TransactionClient;

/**
 * Writes a new routine with its first version, a draft at revision 0, its owner recorded as the version's creator
 * (with the source's editors, for a copy of an unapproved version). Internal: callers authorize and audit.
 * `basedOnId` records the version a copy was made from.
 */
export async function insertRoutine(
  tx: Tx,
  data: { id: string; ownerId: string; prepared: PreparedRoutine; basedOnId?: string | null },
): Promise<{ id: string; name: string; versionId: string }> {
  const { routine, content, stepCount } = data.prepared;
  await tx.routine.create({
    data: { id: data.id, name: routine.name, description: routine.description, ownerId: data.ownerId },
  });
  const versionId = randomUUID();
  await tx.routineVersion.create({
    data: {
      id: versionId,
      routineId: data.id,
      number: 1,
      status: "draft",
      content,
      stepCount,
      basedOnId: data.basedOnId ?? null,
      authorId: data.ownerId,
      toolHashes: JSON.stringify(pinToolHashes(routine, {}, await readCurrentToolHashes(tx))),
    },
  });
  await recordDerivedEditors(tx, versionId, data.ownerId, "create", data.basedOnId ?? null);
  return { id: data.id, name: routine.name, versionId };
}

/**
 * Copies the working version's name and description onto the routine row (what the library lists and searches),
 * after a write that changed the working version. Internal: callers authorize, and call it inside their transaction.
 */
export async function mirrorWorkingVersion(
  tx: Tx,
  routineId: string,
  routine: Pick<Routine, "name" | "description">,
): Promise<void> {
  await tx.routine.update({
    where: { id: routineId },
    data: { name: routine.name, description: routine.description, updatedAt: new Date() },
  });
}

/** The routine's identity and its working (newest) version, or a NotFoundError. */
export async function findWorkingVersion(tx: Tx, routineId: string) {
  const found = await tx.routine.findUnique({
    where: { id: routineId },
    select: {
      id: true,
      name: true,
      archivedAt: true,
      createdAt: true,
      updatedAt: true,
      owner: { select: { id: true, name: true, email: true } },
      versions: {
        orderBy: { number: "desc" },
        take: 1,
        select: { id: true, number: true, status: true, revision: true, content: true, toolHashes: true },
      },
    },
  });
  const version = found?.versions[0];
  if (!found || !version) throw new NotFoundError("That routine no longer exists.");
  const { versions: _versions, ...routine } = found;
  return { routine, version };
}

/**
 * The tool pins to store with a save of `routine` over a version pinned as `stored`: earlier pins stay until
 * accepted (lib/tools/pins.ts), new tools are pinned to their current schema.
 */
export async function pinsForSave(
  tx: Tx,
  routine: PreparedRoutine["routine"],
  stored: string,
  options: { acceptCurrent?: boolean } = {},
): Promise<string> {
  return JSON.stringify(pinToolHashes(routine, readToolPins(stored), await readCurrentToolHashes(tx), options));
}
