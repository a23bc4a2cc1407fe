import "server-only";
import { toRoutineStatus, type RoutineStatus } from "../routines";
import { reviewSelect, toDecisionViews, userRefSelect, type ReviewDecisionView, type UserRef } from "./review-views";

/** Which model wrote a version, and what it cost. Null for versions people wrote. */
export type VersionProvenance = {
  model: string;
  inputTokens: number | null;
  outputTokens: number | null;
  repairCount: number | null;
};

/** One version as histories list it. */
export type VersionSummary = {
  id: string;
  number: number;
  status: RoutineStatus;
  /** The version this one was started from, when it belongs to the same routine (copies point elsewhere). */
  basedOnNumber: number | null;
  author: UserRef | null;
  optimizedBy: UserRef | null;
  createdAt: Date;
  /** When it was last sent to review; null while a draft. */
  submittedAt: Date | null;
  approvedBy: UserRef | null;
  approvedAt: Date | null;
  /** The version that runs. */
  isPublished: boolean;
  /** The newest version: the one the designer opens. */
  isWorking: boolean;
  stepCount: number;
  /** Reviewer decisions, oldest first. */
  decisions: ReviewDecisionView[];
  openCommentCount: number;
  provenance: VersionProvenance | null;
};

export const versionSummarySelect = {
  id: true,
  routineId: true,
  number: true,
  status: true,
  createdAt: true,
  submittedAt: true,
  approvedAt: true,
  stepCount: true,
  model: true,
  inputTokens: true,
  outputTokens: true,
  repairCount: true,
  basedOn: { select: { number: true, routineId: true } },
  author: userRefSelect,
  optimizedBy: userRefSelect,
  approvedBy: userRefSelect,
  reviews: reviewSelect,
  _count: { select: { comments: { where: { resolvedAt: null } } } },
} as const;

type SummaryRow = {
  id: string;
  routineId: string;
  number: number;
  status: string;
  createdAt: Date;
  submittedAt: Date | null;
  approvedAt: Date | null;
  stepCount: number;
  model: string | null;
  inputTokens: number | null;
  outputTokens: number | null;
  repairCount: number | null;
  basedOn: { number: number; routineId: string } | null;
  author: UserRef | null;
  optimizedBy: UserRef | null;
  approvedBy: UserRef | null;
  reviews: Array<{ id: string; decision: string; comment: string; createdAt: Date; reviewer: UserRef | null }>;
  _count: { comments: number };
};

/** Maps a row read with versionSummarySelect; `routine` says which version runs and which is the newest. */
export function toVersionSummary(
  row: SummaryRow,
  routine: { publishedVersionId: string | null; workingNumber: number },
): VersionSummary {
  return {
    id: row.id,
    number: row.number,
    status: toRoutineStatus(row.status),
    basedOnNumber: row.basedOn && row.basedOn.routineId === row.routineId ? row.basedOn.number : null,
    author: row.author,
    optimizedBy: row.optimizedBy,
    createdAt: row.createdAt,
    submittedAt: row.submittedAt,
    approvedBy: row.approvedBy,
    approvedAt: row.approvedAt,
    isPublished: row.id === routine.publishedVersionId,
    isWorking: row.number === routine.workingNumber,
    stepCount: row.stepCount,
    decisions: toDecisionViews(row.reviews),
    openCommentCount: row._count.comments,
    provenance:
      row.model === null
        ? null
        : {
            model: row.model,
            inputTokens: row.inputTokens,
            outputTokens: row.outputTokens,
            repairCount: row.repairCount,
          },
  };
}
