"use client";

import { FilePlus2, History, Rocket, Undo2 } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Button, ButtonLink, useFormAction } from "@/components/ui";
import { idleState, type ActionState } from "@/lib/forms";
import { PublishConfirmDialog } from "./publish-confirm-dialog";
import type { FormAction } from "./review-types";

type ButtonProps = {
  action: FormAction;
  fields: Record<string, string | number | undefined>;
  label: ReactNode;
  icon: ReactNode;
  variant?: "primary" | "secondary" | "ghost" | "danger";
  testId: string;
  /** Shown beside the button after success, until the page moves on. */
  showSuccess?: boolean;
};

/** One lifecycle button: a small form posting `fields`, with the server's answer beside it. */
function LifecycleButton({
  action,
  fields,
  label,
  icon,
  variant = "secondary",
  testId,
  showSuccess = true,
}: ButtonProps) {
  const { state, formAction, onSubmit, pending } = useFormAction(action, idleState);
  return (
    <form action={formAction} onSubmit={onSubmit} className="flex items-center gap-2">
      {Object.entries(fields).map(([name, value]) =>
        value === undefined ? null : <input key={name} type="hidden" name={name} value={value} />,
      )}
      {state.status === "error" ? (
        <p role="alert" className="max-w-xs text-xs font-medium text-danger" data-testid={`${testId}-error`}>
          {state.message}
        </p>
      ) : state.status === "success" && showSuccess ? (
        <p role="status" className="max-w-xs text-xs text-success" data-testid={`${testId}-done`}>
          {state.message}
        </p>
      ) : null}
      <Button type="submit" size="sm" variant={variant} pending={pending} data-testid={testId}>
        {pending ? null : icon}
        {label}
      </Button>
    </form>
  );
}

/**
 * Publish an approved version (a rollback when it is older than the published one). Reviewers and admins. The button
 * opens a confirmation that says what changes for running work; its confirm button posts the form.
 */
export function PublishButton({
  action,
  routineId,
  versionId,
  number,
  contentHash,
  publishedNumber,
  rollback = false,
  testId = "publish-version",
}: {
  action: FormAction;
  routineId: string;
  versionId: string;
  number: number;
  /** The content hash of the version as this page read it: publishing is refused if it changed since. */
  contentHash: string;
  /**
   * The version published now (named in the confirmation as the one that stops being published): null when none
   * is, undefined when it could not be read.
   */
  publishedNumber: number | null | undefined;
  rollback?: boolean;
  testId?: string;
}) {
  const { state, formAction, onSubmit, pending } = useFormAction(action, idleState);
  // The answer the dialog was opened on: a new success closes it, and an older answer is not shown inside it.
  const [openedOn, setOpenedOn] = useState<ActionState | null>(null);
  const open = openedOn !== null && (state === openedOn || state.status !== "success");
  const fresh = openedOn !== null && state !== openedOn;
  return (
    <div className="flex items-center gap-2">
      {state.status === "error" && !open ? (
        <p role="alert" className="max-w-xs text-xs font-medium text-danger" data-testid={`${testId}-error`}>
          {state.message}
        </p>
      ) : state.status === "success" ? (
        <p role="status" className="max-w-xs text-xs text-success" data-testid={`${testId}-done`}>
          {state.message}
        </p>
      ) : null}
      <Button
        type="button"
        size="sm"
        variant={rollback ? "secondary" : "primary"}
        onClick={() => setOpenedOn(state)}
        aria-haspopup="dialog"
        pending={pending}
        data-testid={testId}
      >
        {pending ? null : <Rocket className="size-4" aria-hidden="true" />}
        {rollback ? `Roll back to v${number}` : `Publish v${number}`}
      </Button>
      <PublishConfirmDialog
        open={open}
        onClose={() => setOpenedOn(null)}
        number={number}
        publishedNumber={publishedNumber}
        rollback={rollback}
        pending={pending}
        error={fresh && state.status === "error" ? state.message : null}
        fields={{ routineId, versionId, number, contentHash }}
        formAction={formAction}
        onSubmit={onSubmit}
      />
    </div>
  );
}

/** Take the working version back out of review. Authors and admins, while it is in review. */
export function WithdrawButton({
  action,
  routineId,
  number,
}: {
  action: FormAction;
  routineId: string;
  number?: number;
}) {
  return (
    <LifecycleButton
      action={action}
      fields={{ routineId, number }}
      label="Withdraw"
      icon={<Undo2 className="size-4" aria-hidden="true" />}
      testId="withdraw-version"
    />
  );
}

/** Start a new draft (from `fromVersionId`, or the working version); success opens the designer. */
export function StartDraftButton({
  action,
  routineId,
  fromVersionId,
  label = "Start new draft",
  testId = "start-draft",
}: {
  action: FormAction;
  routineId: string;
  fromVersionId?: string;
  label?: string;
  testId?: string;
}) {
  return (
    <LifecycleButton
      action={action}
      fields={{ routineId, fromVersionId }}
      label={label}
      icon={<FilePlus2 className="size-4" aria-hidden="true" />}
      testId={testId}
      showSuccess={false}
    />
  );
}

/** The routine's version history, from the designer and the review. */
export function VersionHistoryLink({ routineId, testId }: { routineId: string; testId: string }) {
  return (
    <ButtonLink
      href={`/routines/${encodeURIComponent(routineId)}/versions`}
      prefetch={false}
      variant="ghost"
      size="sm"
      data-testid={testId}
    >
      <History className="size-4" aria-hidden="true" /> Versions
    </ButtonLink>
  );
}
