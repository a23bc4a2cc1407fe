import "server-only";
import { randomUUID } from "node:crypto";
import { type Viewer, requireRole, WRITER_ROLES } from "../../access";
import { LIMITS } from "../../routine";
import { recordAudit } from "../audit";
import { parseInput, prisma, withDbErrors } from "../core";
import { blankRoutine, prepareNewRoutine, prepareRoutine, readStoredRoutine } from "./routine-content";
import { createRoutineInput, duplicateRoutineInput, routineRefInput, saveRoutineAsCopyInput } from "./routine-inputs";
import { findWorkingVersion, insertRoutine } from "./routine-records";

export type CreatedRoutine = { id: string; name: string };

/** How a new routine came about, for the audit log. */
export type RoutineSource = "blank" | "text" | "json";

/**
 * Creates a routine owned by the viewer, with a first draft version. Authors and admins.
 * Without `routine` the draft is blank (one end step, "Done"). With one (already parsed from paper text or JSON
 * by the caller) it is validated again, stored under the new routine's id, and keeps its own name and description
 * unless those are empty.
 */
export async function createRoutine(
  viewer: Viewer | null,
  input: {
    name: string;
    description?: string;
    routine?: unknown;
    source?: RoutineSource;
  },
): Promise<CreatedRoutine> {
  requireRole(viewer, ...WRITER_ROLES);
  const {
    name,
    description = "",
    routine,
    source = routine === undefined ? "blank" : "json",
  } = parseInput(createRoutineInput, input);
  const id = randomUUID();
  const prepared = await prepareNewRoutine(
    routine === undefined ? blankRoutine(id, name, description) : withFallbacks(routine, name, description),
    id,
  );
  return withDbErrors(() =>
    prisma.$transaction(async (tx) => {
      const created = await insertRoutine(tx, { id, ownerId: viewer.id, prepared });
      await recordAudit(
        {
          action: "routine.created",
          actor: viewer,
          target: { type: "routine", id },
          detail: { name: created.name, source },
        },
        tx,
      );
      return { id, name: created.name };
    }),
  );
}

/** Copies a routine's working draft into a new routine owned by the viewer ("Copy of …"). Authors and admins. */
export async function duplicateRoutine(
  viewer: Viewer | null,
  input: { routineId: string; name?: string },
): Promise<CreatedRoutine> {
  requireRole(viewer, ...WRITER_ROLES);
  const { routineId, name } = parseInput(duplicateRoutineInput, input);
  const id = randomUUID();
  return withDbErrors(() =>
    prisma.$transaction(async (tx) => {
      const source = await findWorkingVersion(tx, routineId);
      const copyName = name ?? copyNameOf(source.routine.name);
      const prepared = prepareRoutine(readStoredRoutine(source.version.content), id, { name: copyName });
      await insertRoutine(tx, { id, ownerId: viewer.id, prepared, basedOnId: source.version.id });
      await recordAudit(
        {
          action: "routine.duplicated",
          actor: viewer,
          target: { type: "routine", id },
          detail: { name: copyName, from: source.routine.name },
        },
        tx,
      );
      return { id, name: copyName };
    }),
  );
}

/**
 * Stores the editor's routine as a new routine owned by the viewer: the way out of a stale save that keeps
 * the viewer's own edits. Authors and admins.
 */
export async function saveRoutineAsCopy(
  viewer: Viewer | null,
  input: { routine: unknown; name: string },
): Promise<CreatedRoutine> {
  requireRole(viewer, ...WRITER_ROLES);
  const { routine, name } = parseInput(saveRoutineAsCopyInput, input);
  const id = randomUUID();
  const prepared = prepareRoutine(routine, id, { name });
  return withDbErrors(() =>
    prisma.$transaction(async (tx) => {
      await insertRoutine(tx, { id, ownerId: viewer.id, prepared });
      await recordAudit(
        {
          action: "routine.created",
          actor: viewer,
          target: { type: "routine", id },
          detail: { name, source: "copy of unsaved edits" },
        },
        tx,
      );
      return { id, name };
    }),
  );
}

/** Hides a routine from the library (it can be restored). Authors and admins. Archiving twice changes nothing. */
export async function archiveRoutine(viewer: Viewer | null, input: { routineId: string }): Promise<void> {
  await setArchived(viewer, input, true);
}

/** Brings an archived routine back into the library. Authors and admins. */
export async function restoreRoutine(viewer: Viewer | null, input: { routineId: string }): Promise<void> {
  await setArchived(viewer, input, false);
}

async function setArchived(viewer: Viewer | null, input: { routineId: string }, archived: boolean): Promise<void> {
  requireRole(viewer, ...WRITER_ROLES);
  const { routineId } = parseInput(routineRefInput, input);
  await withDbErrors(() =>
    prisma.$transaction(async (tx) => {
      const { routine } = await findWorkingVersion(tx, routineId);
      if ((routine.archivedAt !== null) === archived) return;
      // updatedAt is "last edited" in the library: archiving is not an edit, so it keeps its value.
      await tx.routine.update({
        where: { id: routineId },
        data: { archivedAt: archived ? new Date() : null, updatedAt: routine.updatedAt },
      });
      await recordAudit(
        {
          action: archived ? "routine.archived" : "routine.restored",
          actor: viewer,
          target: { type: "routine", id: routineId },
          detail: { name: routine.name },
        },
        tx,
      );
    }),
  );
}

function copyNameOf(name: string): string {
  return `Copy of ${name}`.slice(0, LIMITS.nameLength).trim();
}

/** Gives an imported routine the name and description typed in the form when it brings none of its own. */
function withFallbacks(routine: unknown, name: string, description: string): unknown {
  if (typeof routine !== "object" || routine === null || Array.isArray(routine)) return routine;
  const record = routine as Record<string, unknown>;
  const blank = (value: unknown) => typeof value !== "string" || value.trim() === "";
  return {
    ...record,
    name: blank(record.name) ? name : record.name,
    description: blank(record.description) ? description : record.description,
  };
}
