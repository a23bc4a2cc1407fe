"use client";

import { CheckCircle2 } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { RelativeTimeLabel } from "@/components/routines/relative-time-label";
import { Button, cn, Field, Textarea, useFormAction } from "@/components/ui";
import { idleState } from "@/lib/forms";
import type { ReviewCommentView } from "@/lib/db/reviews";
import { ActionMessage } from "./action-message";
import type { FormAction, VersionTarget } from "./review-types";

export type ReviewComment = ReviewCommentView & { canResolve: boolean };

type ListProps = {
  comments: readonly ReviewComment[];
  target: VersionTarget;
  resolve: FormAction;
  /** Names steps of comments on a step, with a way to show that step. */
  stepLabel?: (stepId: string) => { name: string; onShow: () => void } | null;
  empty: string;
};

/** Comments, oldest first: who wrote what, when; open ones can be resolved by those allowed to. */
export function CommentList({ comments, target, resolve, stepLabel, empty }: ListProps) {
  if (comments.length === 0)
    return (
      <p className="text-sm text-muted" data-testid="review-comments-empty">
        {empty}
      </p>
    );
  return (
    <ul className="space-y-2" data-testid="review-comment-list">
      {comments.map((comment) => (
        <CommentItem
          key={comment.id}
          comment={comment}
          target={target}
          resolve={resolve}
          step={comment.stepId && stepLabel ? stepLabel(comment.stepId) : undefined}
        />
      ))}
    </ul>
  );
}

/** `step`: the step a comment is on (null: no longer there); undefined where the list is already about one step. */
function CommentItem({
  comment,
  target,
  resolve,
  step,
}: {
  comment: ReviewComment;
  target: VersionTarget;
  resolve: FormAction;
  step: { name: string; onShow: () => void } | null | undefined;
}) {
  const { state, onSubmit, formAction, pending } = useFormAction(resolve, idleState);
  const resolved = comment.resolvedAt !== null;
  return (
    <li
      className={cn("rounded-lg border border-border bg-surface px-3 py-2 text-sm", resolved && "opacity-70")}
      data-testid="review-comment"
      data-step-id={comment.stepId ?? undefined}
      data-resolved={resolved || undefined}
    >
      <div className="flex flex-wrap items-baseline gap-x-2 text-xs text-muted">
        <span className="font-medium text-foreground" data-testid="review-comment-author">
          {comment.author?.name ?? "A former user"}
        </span>
        <RelativeTimeLabel iso={new Date(comment.createdAt).toISOString()} />
        {step ? (
          <button
            type="button"
            onClick={step.onShow}
            className="rounded text-accent hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            data-testid="review-comment-step"
          >
            on “{step.name}”
          </button>
        ) : step === null ? (
          <span>on a step that is no longer there</span>
        ) : comment.stepId === null ? (
          <span>on the whole version</span>
        ) : null}
        {resolved ? (
          <span className="inline-flex items-center gap-1 text-success">
            <CheckCircle2 className="size-3" aria-hidden="true" /> resolved
          </span>
        ) : null}
      </div>
      <p className="mt-1 whitespace-pre-wrap break-words text-foreground" data-testid="review-comment-body">
        {comment.body}
      </p>
      {!resolved && comment.canResolve ? (
        <form action={formAction} onSubmit={onSubmit} className="mt-1.5 flex justify-end">
          <input type="hidden" name="routineId" value={target.routineId} />
          <input type="hidden" name="number" value={target.number} />
          <input type="hidden" name="commentId" value={comment.id} />
          <Button type="submit" size="sm" variant="ghost" pending={pending} data-testid="review-comment-resolve">
            Resolve
          </Button>
        </form>
      ) : null}
      {state.status === "error" ? <ActionMessage state={state} testId="review-comment-resolve-error" /> : null}
    </li>
  );
}

/** Adds a comment on `stepId`, or on the whole version when it is absent. Cleared once the comment is saved. */
export function CommentForm({
  target,
  stepId,
  action,
  label,
  placeholder,
}: {
  target: VersionTarget;
  stepId?: string;
  action: FormAction;
  label: string;
  placeholder: string;
}) {
  const { state, onSubmit, formAction, pending } = useFormAction(action, idleState);
  const form = useRef<HTMLFormElement>(null);
  const id = useId();
  useEffect(() => {
    if (state.status === "success") form.current?.reset();
  }, [state]);
  const testId = stepId ? "step-comment" : "version-comment";
  return (
    <form ref={form} action={formAction} onSubmit={onSubmit} className="space-y-2" data-testid={`${testId}-form`}>
      <input type="hidden" name="routineId" value={target.routineId} />
      <input type="hidden" name="number" value={target.number} />
      <input type="hidden" name="versionId" value={target.versionId} />
      {stepId ? <input type="hidden" name="stepId" value={stepId} /> : null}
      <Field id={`${id}-body`} label={label} errors={state.status === "error" ? state.fieldErrors?.body : undefined}>
        {(aria) => (
          <Textarea
            {...aria}
            name="body"
            rows={3}
            placeholder={placeholder}
            required
            maxLength={4000}
            data-testid={`${testId}-body`}
          />
        )}
      </Field>
      {state.status === "error" && !state.fieldErrors?.body ? (
        <ActionMessage state={state} testId={`${testId}-error`} />
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" size="sm" variant="secondary" pending={pending} data-testid={`${testId}-submit`}>
          Comment
        </Button>
      </div>
    </form>
  );
}
