import "server-only";
import { hasAnyRole, requireUser, type Viewer } from "../../access";
import type { Routine } from "../../routine";
import { readToolPins, type ToolChange, toolChanges } from "../../tools";
import { parseInput, prisma, withDbErrors } from "../core";
import {
  findWorkingVersion,
  listRoutinesInput,
  readStoredRoutine,
  routineIdSchema,
  type RoutineStatus,
  storedRoutineJson,
  toRoutineStatus,
} from "../routines";
import { readCurrentToolHashes } from "../tools";
import {
  type Permission,
  type ReviewDecision,
  type ReviewDecisionView,
  startDraftVerdict,
  submitVerdict,
  toPermission,
  toReviewDecision,
  withdrawVerdict,
} from "../reviews";
import { publishedNumbers, workingReviewStatus } from "./routine-review-status";

export type RoutineOwner = { id: string; name: string; email: string };

/** A routine as the library lists it: no content, just enough to find and open it. */
export type RoutineSummary = {
  id: string;
  name: string;
  description: string;
  /** The status of the working (newest) version. */
  status: RoutineStatus;
  /** The working version's number. */
  versionNumber: number;
  /** The number of the version that runs, or null while none is published. */
  publishedVersionNumber: number | null;
  /** The latest reviewer decision on the working version (e.g. "changes_requested" on a draft sent back). */
  latestDecision: ReviewDecision | null;
  /** Unresolved review comments on the working version. */
  openCommentCount: number;
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
export async function listRoutines(
  viewer: Viewer | null,
  input: { query?: string; includeArchived?: boolean } = {},
): Promise<RoutineSummary[]> {
  requireUser(viewer);
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
        publishedVersionId: true,
        owner: { select: { id: true, name: true, email: true } },
        versions: {
          orderBy: { number: "desc" },
          take: 1,
          select: {
            number: true,
            status: true,
            stepCount: true,
            toolHashes: true,
            reviews: { orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 1, select: { decision: true } },
            _count: { select: { comments: { where: { resolvedAt: null } } } },
          },
        },
      },
    });
    const current = await readCurrentToolHashes();
    const published = await publishedNumbers(rows.map((row) => row.publishedVersionId));
    return rows
      .filter((row) => !needle || `${row.name}\n${row.description}`.toLocaleLowerCase().includes(needle))
      .map((row) => ({
        id: row.id,
        name: row.name,
        description: row.description,
        status: toRoutineStatus(row.versions[0]?.status ?? "draft"),
        versionNumber: row.versions[0]?.number ?? 1,
        publishedVersionNumber: row.publishedVersionId ? (published.get(row.publishedVersionId) ?? null) : null,
        latestDecision: toReviewDecision(row.versions[0]?.reviews[0]?.decision ?? ""),
        openCommentCount: row.versions[0]?._count.comments ?? 0,
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
  /** The number of the version that runs, or null while none is published. */
  publishedVersionNumber: number | null;
  /** The latest reviewer decision on the working version, with its comment: what a draft sent back should address. */
  latestReview: ReviewDecisionView | null;
  /** Unresolved review comments on the working version (listStepComments reads them). */
  openCommentCount: number;
  owner: RoutineOwner;
  archived: boolean;
  createdAt: Date;
  updatedAt: Date;
  /** True when the viewer may save this draft: an author or admin, the routine not archived, the version a draft. */
  canEdit: boolean;
  /** Tools whose schema changed since this version was saved against them (lib/tools/pins.ts). */
  toolChanges: ToolChange[];
  /** What the viewer may do with the working version in its review lifecycle, with the reason when not. */
  lifecycle: { submit: Permission; withdraw: Permission; startDraft: Permission };
};

/** The working draft of a routine. Any signed-in user; NotFoundError when it does not exist. */
export async function getRoutine(viewer: Viewer | null, id: string): Promise<RoutineDetail> {
  const { content, ...detail } = await readWorkingDetail(viewer, id);
  return { ...detail, routine: readStoredRoutine(content) };
}

/** What the designer opens: the working version as RoutineDetail, its routine as JSON text (see storedRoutineJson). */
export type RoutineDraftForEditing = Omit<RoutineDetail, "routine"> & { routineJson: string; name: string };

/**
 * The working version for the designer. Any signed-in user; NotFoundError when it does not exist. The routine
 * stays JSON text, as stored when it is already of the current schema version: the designer parses it in the
 * browser, so opening a 1,000-step routine costs the server no parse, validation or serialization.
 */
export async function getRoutineForEditing(viewer: Viewer | null, id: string): Promise<RoutineDraftForEditing> {
  const { content, ...detail } = await readWorkingDetail(viewer, id);
  return { ...detail, routineJson: storedRoutineJson(content) };
}

async function readWorkingDetail(
  viewer: Viewer | null,
  id: string,
): Promise<Omit<RoutineDetail, "routine"> & { content: string; name: string }> {
  requireUser(viewer);
  const routineId = parseInput(routineIdSchema, id);
  return withDbErrors(async () => {
    const { routine: row, version } = await findWorkingVersion(prisma, routineId);
    const status = toRoutineStatus(version.status);
    const archived = row.archivedAt !== null;
    const review = await workingReviewStatus(row.id, version.id);
    const state = { number: version.number, status, archived };
    return {
      id: routineId,
      name: row.name,
      content: version.content,
      versionId: version.id,
      versionNumber: version.number,
      revision: version.revision,
      status,
      publishedVersionNumber: review.publishedVersionNumber,
      latestReview: review.latestReview,
      openCommentCount: review.openCommentCount,
      owner: row.owner,
      archived,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      canEdit: hasAnyRole(viewer.roles, ["author", "admin"]) && !archived && status === "draft",
      toolChanges: toolChanges(readToolPins(version.toolHashes), await readCurrentToolHashes()),
      lifecycle: {
        submit: toPermission(submitVerdict(viewer, state)),
        withdraw: toPermission(withdrawVerdict(viewer, state)),
        startDraft: toPermission(startDraftVerdict(viewer, state)),
      },
    };
  });
}

/** Whether a routine exists: a cheap check pages make before streaming the rest. Any signed-in user. */
export async function routineExists(viewer: Viewer | null, id: string): Promise<boolean> {
  requireUser(viewer);
  const routineId = parseInput(routineIdSchema, id);
  return withDbErrors(async () => (await prisma.routine.count({ where: { id: routineId } })) > 0);
}
