"use client";

import { useReactFlow } from "@xyflow/react";
import { MessageSquare } from "lucide-react";
import { useState } from "react";
import { RelativeTimeLabel } from "@/components/routines/relative-time-label";
import { Alert, Button } from "@/components/ui";
import type { ActionState } from "@/lib/forms";
import type { DesignerStoreState } from "@/lib/stores/designer";
import type { OpenComment, StepCommentsState } from "@/lib/stores/review-comments";
import { useDesigner } from "../designer-context";
import { useStepComments, useStepCommentsApi } from "./comments-context";

export type ResolveComment = (input: { commentId: string }) => Promise<ActionState>;

const selectComments = (state: StepCommentsState) => state.comments;

/** The step a comment is on, if it is still in the routine (null: a comment on the whole version). */
const selectCommentStep = (state: DesignerStoreState, stepId: string | null) => {
  const index = stepId === null ? undefined : state.stepIndex[stepId];
  return {
    stepName: index === undefined ? null : state.routine.steps[index].name,
    stepExists: index !== undefined,
    select: state.select,
  };
};

/** The "Comments" tab: open review comments on the working version; a step's comment shows that step. */
export function CommentsPanel({ resolve, reviewUrl }: { resolve: ResolveComment; reviewUrl: string | null }) {
  const comments = useStepComments(selectComments);
  if (comments.length === 0) {
    return (
      <div className="p-4 text-sm text-muted" data-testid="designer-comments-empty">
        No open review comments on this version.
      </div>
    );
  }
  return (
    <div className="space-y-2 p-3" data-testid="designer-comments">
      {reviewUrl ? (
        <a
          href={reviewUrl}
          className="block text-xs text-accent hover:underline"
          data-testid="designer-comments-review-link"
        >
          Open the review to see the diff and the decisions
        </a>
      ) : null}
      <ul className="space-y-2">
        {comments.map((comment) => (
          <CommentItem key={comment.id} comment={comment} resolve={resolve} />
        ))}
      </ul>
    </div>
  );
}

function CommentItem({ comment, resolve }: { comment: OpenComment; resolve: ResolveComment }) {
  const api = useStepCommentsApi();
  const { stepName, stepExists, select } = useDesigner((state) => selectCommentStep(state, comment.stepId));
  const { fitView } = useReactFlow();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const show = () => {
    if (!comment.stepId) return;
    select([comment.stepId]);
    void fitView({ nodes: [{ id: comment.stepId }], duration: 200, maxZoom: 1 });
  };
  const onResolve = async () => {
    setPending(true);
    setError(null);
    const result = await resolve({ commentId: comment.id }).catch(
      () => ({ status: "error", message: "The server could not be reached; try again." }) as const,
    );
    setPending(false);
    if (result.status === "error") setError(result.message);
    else api.getState().remove(comment.id);
  };
  return (
    <li
      className="rounded-lg border border-border bg-surface px-3 py-2 text-sm"
      data-testid="designer-comment"
      data-step-id={comment.stepId ?? undefined}
    >
      <div className="flex flex-wrap items-baseline gap-x-2 text-xs text-muted">
        <MessageSquare className="size-3 self-center text-accent" aria-hidden="true" />
        <span className="font-medium text-foreground">{comment.authorName}</span>
        <RelativeTimeLabel iso={comment.createdAt} />
        {comment.stepId === null ? (
          <span>on the whole version</span>
        ) : stepExists ? (
          <button
            type="button"
            onClick={show}
            className="rounded text-accent hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            data-testid="designer-comment-step"
          >
            on “{stepName}”
          </button>
        ) : (
          <span>on a step that is no longer there</span>
        )}
      </div>
      <p className="mt-1 whitespace-pre-wrap break-words text-foreground" data-testid="designer-comment-body">
        {comment.body}
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {comment.canResolve ? (
        <div className="mt-1.5 flex justify-end">
          <Button
            size="sm"
            variant="ghost"
            pending={pending}
            onClick={() => void onResolve()}
            data-testid="designer-comment-resolve"
          >
            Resolve
          </Button>
        </div>
      ) : null}
    </li>
  );
}
