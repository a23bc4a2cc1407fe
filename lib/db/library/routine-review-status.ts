import "server-only";
import { prisma } from "../core";
import { reviewSelect, toDecisionView, type ReviewDecisionView } from "../reviews";

// Reads behind the review status the library and the designer show, with no authorization of their own.

/** Version id → number, for the published versions among `ids` (nulls skipped). */
export async function publishedNumbers(ids: ReadonlyArray<string | null>): Promise<Map<string, number>> {
  const wanted = ids.filter((id): id is string => id !== null);
  if (wanted.length === 0) return new Map();
  const rows = await prisma.routineVersion.findMany({
    where: { id: { in: wanted } },
    select: { id: true, number: true },
  });
  return new Map(rows.map((row) => [row.id, row.number]));
}

/** The published version's number, the latest decision on the working version and its open comment count. */
export async function workingReviewStatus(
  routineId: string,
  workingVersionId: string,
): Promise<{
  publishedVersionNumber: number | null;
  latestReview: ReviewDecisionView | null;
  openCommentCount: number;
}> {
  const [routine, latest, openCommentCount] = await Promise.all([
    prisma.routine.findUnique({ where: { id: routineId }, select: { publishedVersionId: true } }),
    prisma.review.findFirst({
      where: { versionId: workingVersionId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: reviewSelect.select,
    }),
    prisma.reviewComment.count({ where: { versionId: workingVersionId, resolvedAt: null } }),
  ]);
  const published = await publishedNumbers([routine?.publishedVersionId ?? null]);
  return {
    publishedVersionNumber: routine?.publishedVersionId ? (published.get(routine.publishedVersionId) ?? null) : null,
    latestReview: latest && toDecisionView(latest),
    openCommentCount,
  };
}
