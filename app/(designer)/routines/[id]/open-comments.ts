import "server-only";
import type { Viewer } from "@/lib/access";
import { listRoutineVersions, listStepComments, resolveVerdict } from "@/lib/db/reviews";
import type { OpenComment } from "@/lib/stores/review-comments";

/**
 * The open review comments on the working version, as the designer shows them, each saying whether the viewer
 * may resolve it (by the rule the server enforces). Read only when there are some, so opening a routine without
 * comments costs nothing more.
 */
export async function readOpenComments(
  viewer: Viewer,
  routineId: string,
  openCommentCount: number,
): Promise<OpenComment[]> {
  if (openCommentCount === 0) return [];
  const [comments, history] = await Promise.all([
    listStepComments(viewer, routineId),
    listRoutineVersions(viewer, routineId),
  ]);
  const version = { authorId: history.versions[0]?.author?.id ?? null };
  return comments.map((comment) => ({
    id: comment.id,
    stepId: comment.stepId,
    body: comment.body,
    authorName: comment.author?.name ?? "A former user",
    createdAt: comment.createdAt.toISOString(),
    canResolve: resolveVerdict(viewer, { authorId: comment.author?.id ?? null }, version).allowed,
  }));
}
