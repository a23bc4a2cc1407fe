"use client";

import { Check, Undo2, X } from "lucide-react";
import { startTransition, useActionState, useId, type FormEvent } from "react";
import { Button, Field, Textarea } from "@/components/ui";
import { idleState } from "@/lib/forms";
import type { Permission } from "@/lib/db/reviews";
import { refusalSentence } from "@/lib/review-rules";
import { ActionMessage } from "./action-message";
import type { FormAction, VersionTarget } from "./review-types";

type Props = {
  target: VersionTarget;
  /** The content hash of the version this page shows: the decision is refused if the version changed since. */
  contentHash: string;
  inReview: boolean;
  canDecide: Permission;
  openCommentCount: number;
  decide: FormAction;
};

/**
 * Approve, request changes or reject, with a comment. Shown only to those who may decide; anyone else sees why
 * not (four-eyes: "You optimized this version; another reviewer must decide"). The server refuses the same.
 */
export function DecisionBar({ target, contentHash, inReview, canDecide, openCommentCount, decide }: Props) {
  const [state, formAction, pending] = useActionState(decide, idleState);
  const id = useId();
  if (!inReview) {
    // The decision just made moved the version on: say what happened where the buttons were.
    return state.status === "success" ? (
      <div className="border-t border-border px-4 py-3">
        <ActionMessage state={state} testId="decision-message" />
      </div>
    ) : null;
  }
  if (!canDecide.allowed) {
    return (
      <div
        className="border-t border-border bg-surface-muted px-4 py-3 text-sm text-muted"
        data-testid="decision-refused"
      >
        {refusalSentence(canDecide.reason)}
      </div>
    );
  }
  // The clicked button names the decision; the form keeps the comment when the server says no.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const formData = new FormData(event.currentTarget, submitter);
    startTransition(() => formAction(formData));
  };
  return (
    <form
      action={formAction}
      onSubmit={onSubmit}
      className="space-y-2 border-t border-border bg-surface px-4 py-3"
      data-testid="decision-bar"
    >
      <input type="hidden" name="routineId" value={target.routineId} />
      <input type="hidden" name="number" value={target.number} />
      <input type="hidden" name="versionId" value={target.versionId} />
      <input type="hidden" name="contentHash" value={contentHash} />
      <Field
        id={`${id}-comment`}
        label="Your decision"
        hint={
          openCommentCount > 0
            ? `${openCommentCount} open comment(s) go back to the author with a request for changes.`
            : "Requesting changes or rejecting needs a comment, here or on the steps."
        }
        errors={state.status === "error" ? state.fieldErrors?.comment : undefined}
      >
        {(aria) => (
          <Textarea
            {...aria}
            name="comment"
            rows={2}
            maxLength={4000}
            placeholder="What should the author know?"
            data-testid="decision-comment"
          />
        )}
      </Field>
      {state.status !== "idle" && !(state.status === "error" && state.fieldErrors?.comment) ? (
        <ActionMessage state={state} testId="decision-message" />
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          type="submit"
          name="decision"
          value="reject"
          variant="danger"
          size="sm"
          disabled={pending}
          data-testid="decision-reject"
        >
          <X className="size-4" aria-hidden="true" /> Reject
        </Button>
        <Button
          type="submit"
          name="decision"
          value="request_changes"
          variant="secondary"
          size="sm"
          disabled={pending}
          data-testid="decision-request-changes"
        >
          <Undo2 className="size-4" aria-hidden="true" /> Request changes
        </Button>
        <Button
          type="submit"
          name="decision"
          value="approve"
          size="sm"
          pending={pending}
          data-testid="decision-approve"
        >
          <Check className="size-4" aria-hidden="true" /> Approve
        </Button>
      </div>
    </form>
  );
}
