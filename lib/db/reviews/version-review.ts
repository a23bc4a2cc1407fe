import "server-only";
import { requireUser, type Viewer } from "../../access";
import { routineContentHash } from "../../crypto";
import type { Routine } from "../../routine";
import { readToolPins, type ToolChange, toolChanges } from "../../tools";
import { NotFoundError, parseInput, prisma, withDbErrors } from "../core";
import {
  type EditWay,
  readStoredRoutine,
  routineIdSchema,
  type RoutineStatus,
  toEditWay,
  toRoutineStatus,
} from "../routines";
import { type OptimizationRationale, versionReviewInput } from "./review-inputs";
import {
  commentVerdict,
  decideVerdict,
  type Permission,
  publishVerdict,
  resolveVerdict,
  toPermission,
  withdrawVerdict,
} from "./review-rules";
import { commentSelect, type ReviewCommentView, toCommentView, type UserRef, userRefSelect } from "./review-views";
import { readCurrentToolHashes } from "../tools";
import { versionFacts } from "./version-records";
import { toVersionSummary, type VersionProvenance, type VersionSummary, versionSummarySelect } from "./version-summary";

/** The version a proposed one is compared with: the one it was started from. */
export type ReviewBase = {
  versionId: string;
  routineId: string;
  routineName: string;
  number: number;
  status: RoutineStatus;
  routine: Routine;
};

/** Everything the review page shows about one version, and what the viewer may do there. */
export type VersionReview = {
  routineId: string;
  routineName: string;
  archived: boolean;
  version: VersionSummary & { revision: number };
  /**
   * Everyone who changed this version's content, first change first, with how they first changed it (the author is
   * among them by "create"); none of them may decide on it (four-eyes). Versions from before editors were recorded
   * list none.
   */
  editors: Array<UserRef & { via: EditWay }>;
  /** The proposed routine: this version's content. */
  routine: Routine;
  /**
   * The content hash of `routine` (lib/crypto's routineContentHash): a decision or publication from this page
   * carries it, and is refused when the version's content has changed since.
   */
  contentHash: string;
  /** The basedOn version (for a copied routine's first version, a version of the routine it was copied from), or null. */
  base: ReviewBase | null;
  /** Oldest first; `canResolve` when the viewer may mark it dealt with. */
  comments: Array<ReviewCommentView & { canResolve: boolean }>;
  provenance:
    | (VersionProvenance & {
        promptHash: string | null;
        sourceDraft: string | null;
        rationale: OptimizationRationale | null;
      })
    | null;
  /** Tools whose schema changed since this version was saved: it cannot be approved or published until re-reviewed. */
  toolChanges: ToolChange[];
  permissions: { canDecide: Permission; canComment: Permission; canPublish: Permission; canWithdraw: Permission };
};

/**
 * One version of a routine for review: the proposed routine beside its base, comments, decisions, provenance
 * (with the planner's rationale and the draft it was given) and the viewer's permissions with the reason when
 * refused. Any signed-in user; NotFoundError when the routine has no such version.
 */
export async function getVersionReview(
  viewer: Viewer | null,
  input: { routineId: string; number: number },
): Promise<VersionReview> {
  requireUser(viewer);
  const { routineId, number } = parseInput(versionReviewInput, input);
  return withDbErrors(async () => {
    const row = await prisma.routineVersion.findUnique({
      where: { routineId_number: { routineId, number } },
      select: {
        ...versionSummarySelect,
        revision: true,
        content: true,
        toolHashes: true,
        authorId: true,
        optimizedById: true,
        promptHash: true,
        sourceDraft: true,
        rationale: true,
        routine: { select: { name: true, archivedAt: true, publishedVersionId: true } },
        basedOn: {
          select: {
            id: true,
            number: true,
            routineId: true,
            status: true,
            content: true,
            routine: { select: { name: true } },
          },
        },
        comments: commentSelect,
        editors: { select: { via: true, user: userRefSelect }, orderBy: [{ firstAt: "asc" }, { userId: "asc" }] },
      },
    });
    if (!row) throw new NotFoundError(`This routine has no version ${number}.`);
    const newest = await prisma.routineVersion.aggregate({ where: { routineId }, _max: { number: true } });
    const archived = row.routine.archivedAt !== null;
    const facts = await versionFacts(prisma, row, archived);
    const routine = readStoredRoutine(row.content);
    const summary = toVersionSummary(row, {
      publishedVersionId: row.routine.publishedVersionId,
      workingNumber: newest._max.number ?? number,
    });
    return {
      routineId,
      routineName: row.routine.name,
      archived,
      version: { ...summary, revision: row.revision },
      editors: row.editors.map((editor) => ({ ...editor.user, via: toEditWay(editor.via) })),
      routine,
      contentHash: routineContentHash(routine),
      base: row.basedOn && {
        versionId: row.basedOn.id,
        routineId: row.basedOn.routineId,
        routineName: row.basedOn.routine.name,
        number: row.basedOn.number,
        status: toRoutineStatus(row.basedOn.status),
        routine: readStoredRoutine(row.basedOn.content),
      },
      comments: row.comments.map((comment) => ({
        ...toCommentView(comment),
        canResolve: resolveVerdict(viewer, { authorId: comment.author?.id ?? null }, row).allowed && !archived,
      })),
      provenance: summary.provenance && {
        ...summary.provenance,
        promptHash: row.promptHash,
        sourceDraft: row.sourceDraft,
        rationale: readRationale(row.rationale),
      },
      toolChanges: toolChanges(readToolPins(row.toolHashes), await readCurrentToolHashes()),
      permissions: {
        canDecide: toPermission(decideVerdict(viewer, facts)),
        canComment: toPermission(commentVerdict(viewer, facts)),
        canPublish: toPermission(publishVerdict(viewer, facts)),
        canWithdraw: toPermission(withdrawVerdict(viewer, facts)),
      },
    };
  });
}

/** The open comments on a routine's working version, for the designer to show on its canvas. Any signed-in user. */
export async function listStepComments(viewer: Viewer | null, routineId: string): Promise<ReviewCommentView[]> {
  requireUser(viewer);
  const id = parseInput(routineIdSchema, routineId);
  return withDbErrors(async () => {
    const working = await prisma.routineVersion.findFirst({
      where: { routineId: id },
      orderBy: { number: "desc" },
      select: { id: true },
    });
    if (!working) throw new NotFoundError("That routine no longer exists.");
    const rows = await prisma.reviewComment.findMany({
      where: { versionId: working.id, resolvedAt: null },
      ...commentSelect,
    });
    return rows.map(toCommentView);
  });
}

/** The stored rationale, or null when there is none or it is not the expected shape (never fails the page). */
function readRationale(stored: string | null): OptimizationRationale | null {
  if (!stored) return null;
  try {
    const parsed = JSON.parse(stored) as Partial<OptimizationRationale> | null;
    if (!parsed || typeof parsed.summary !== "string" || typeof parsed.steps !== "object" || parsed.steps === null)
      return null;
    const steps = Object.fromEntries(
      Object.entries(parsed.steps).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
    );
    return { summary: parsed.summary, steps };
  } catch {
    return null;
  }
}
