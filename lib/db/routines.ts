import "server-only";
import { hasAnyRole } from "../auth/roles";
import { requireUser } from "../auth/session";
import type { Routine } from "../routine/schema";
import { readToolPins, toolChanges, type ToolChange } from "../tools/pins";
import { prisma } from "./client";
import { parseInput, withDbErrors } from "./errors";
import { readStoredRoutine } from "./routine-content";
import { findWorkingVersion } from "./routine-records";
import { readCurrentToolHashes } from "./tool-hashes";
import { listRoutinesInput, routineIdSchema, toRoutineStatus, type RoutineStatus } from "./routine-inputs";

export type RoutineOwner = { id: string; name: string; email: string };

/** A routine as the library lists it: no content, just enough to find and open it. */
export type RoutineSummary = {
  id: string;
  name: string;
  description: string;
  /** The status of the working (newest) version. */
  status: RoutineStatus;
  owner: RoutineOwner;
  updatedAt: Date;
  stepCount: number;
  archived: boolean;
  /** How many tools the working version uses whose schema changed (or vanished) since it was saved against them. */
  changedToolCount: number;
};

/**
 * The routine library, most recently edited first. Any signed-in user. `query` matches name or description,
 * ignoring case (in any script, hence filtered here rather than by SQLite's ASCII-only LIKE).
 */
export async function listRoutines(input: { query?: string; includeArchived?: boolean } = {}): Promise<RoutineSummary[]> {
  await requireUser();
  const { query, includeArchived } = parseInput(listRoutinesInput, input);
  const needle = query ? query.toLocaleLowerCase() : "";
  return withDbErrors(async () => {
    const rows = await prisma.routine.findMany({
      where: includeArchived ? undefined : { archivedAt: null },
      orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
      select: {
        id: true,
        name: true,
        description: true,
        updatedAt: true,
        archivedAt: true,
        owner: { select: { id: true, name: true, email: true } },
        versions: { orderBy: { number: "desc" }, take: 1, select: { status: true, stepCount: true, toolHashes: true } },
      },
    });
    const current = await readCurrentToolHashes();
    return rows
      .filter((row) => !needle || `${row.name}\n${row.description}`.toLocaleLowerCase().includes(needle))
      .map((row) => ({
        id: row.id,
        name: row.name,
        description: row.description,
        status: toRoutineStatus(row.versions[0]?.status ?? "draft"),
        owner: row.owner,
        updatedAt: row.updatedAt,
        stepCount: row.versions[0]?.stepCount ?? 0,
        archived: row.archivedAt !== null,
        changedToolCount: toolChanges(readToolPins(row.versions[0]?.toolHashes), current).length,
      }));
  });
}

/** One routine opened for reading or editing: its working version's content and where that version stands. */
export type RoutineDetail = {
  id: string;
  routine: Routine;
  versionId: string;
  versionNumber: number;
  /** Pass back as `baseRevision` when saving; a save based on an older revision is refused as stale. */
  revision: number;
  status: RoutineStatus;
  owner: RoutineOwner;
  archived: boolean;
  createdAt: Date;
  updatedAt: Date;
  /** True when the viewer may save this draft: an author or admin, the routine not archived, the version a draft. */
  canEdit: boolean;
  /** Tools whose schema changed since this version was saved against them (lib/tools/pins.ts). */
  toolChanges: ToolChange[];
};

/** The working draft of a routine. Any signed-in user; NotFoundError when it does not exist. */
export async function getRoutine(id: string): Promise<RoutineDetail> {
  const viewer = await requireUser();
  const routineId = parseInput(routineIdSchema, id);
  return withDbErrors(async () => {
    const { routine: row, version } = await findWorkingVersion(prisma, routineId);
    const status = toRoutineStatus(version.status);
    const archived = row.archivedAt !== null;
    return {
      id: routineId,
      routine: readStoredRoutine(version.content),
      versionId: version.id,
      versionNumber: version.number,
      revision: version.revision,
      status,
      owner: row.owner,
      archived,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      canEdit: hasAnyRole(viewer.roles, ["author", "admin"]) && !archived && status === "draft",
      toolChanges: toolChanges(readToolPins(version.toolHashes), await readCurrentToolHashes()),
    };
  });
}

/** Whether a routine exists: a cheap check pages make before streaming the rest. Any signed-in user. */
export async function routineExists(id: string): Promise<boolean> {
  await requireUser();
  const routineId = parseInput(routineIdSchema, id);
  return withDbErrors(async () => (await prisma.routine.count({ where: { id: routineId } })) > 0);
}
