import { toReviewDecision, type ReviewDecision } from "./review-inputs";

/** A person as review pages name them. */
export type UserRef = { id: string; name: string; email: string };
export const userRefSelect = { select: { id: true, name: true, email: true } } as const;

/** One reviewer decision on a version. */
export type ReviewDecisionView = {
  id: string;
  decision: ReviewDecision;
  comment: string;
  reviewer: UserRef | null;
  at: Date;
};

/** A review comment, on one step (`stepId`) or on the whole version (null). */
export type ReviewCommentView = {
  id: string;
  versionId: string;
  stepId: string | null;
  body: string;
  author: UserRef | null;
  createdAt: Date;
  resolvedAt: Date | null;
};

export const reviewSelect = {
  select: { id: true, decision: true, comment: true, createdAt: true, reviewer: userRefSelect },
  orderBy: [{ createdAt: "asc" as const }, { id: "asc" as const }],
};

export const commentSelect = {
  select: {
    id: true,
    versionId: true,
    stepId: true,
    body: true,
    createdAt: true,
    resolvedAt: true,
    author: userRefSelect,
  },
  orderBy: [{ createdAt: "asc" as const }, { id: "asc" as const }],
};

type ReviewRow = { id: string; decision: string; comment: string; createdAt: Date; reviewer: UserRef | null };

export function toDecisionView(row: ReviewRow): ReviewDecisionView | null {
  const decision = toReviewDecision(row.decision);
  return decision && { id: row.id, decision, comment: row.comment, reviewer: row.reviewer, at: row.createdAt };
}

/** Decisions in order; rows with a decision this code does not know are left out rather than mislabelled. */
export function toDecisionViews(rows: readonly ReviewRow[]): ReviewDecisionView[] {
  return rows.flatMap((row) => toDecisionView(row) ?? []);
}

/** Copies exactly the view's fields out of a selected row. */
export function toCommentView(row: ReviewCommentView): ReviewCommentView {
  return {
    id: row.id,
    versionId: row.versionId,
    stepId: row.stepId,
    body: row.body,
    author: row.author,
    createdAt: row.createdAt,
    resolvedAt: row.resolvedAt,
  };
}
