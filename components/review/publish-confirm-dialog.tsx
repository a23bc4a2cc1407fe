"use client";

import { Rocket, Undo2 } from "lucide-react";
import type { FormEvent } from "react";
import { Alert, Button, Dialog } from "@/components/ui";

type Props = {
  open: boolean;
  onClose: () => void;
  /** The version about to be published. */
  number: number;
  /** The version published now (it stops being published), null when none is, undefined when it is not known. */
  publishedNumber: number | null | undefined;
  /** An older version published again. */
  rollback?: boolean;
  pending: boolean;
  /** The server's refusal, shown inside the dialog so the reviewer sees it where they clicked. */
  error?: string | null;
  /** The publish form's hidden fields (routineId, versionId, number...). */
  fields: Record<string, string | number>;
  /** From the caller's `useFormAction`, so the answer can also be shown beside the button once the dialog closes. */
  formAction: (formData: FormData) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
};

/**
 * What publishing (or rolling back to) a version changes for running work, said before it happens: runs already
 * started keep the version they started with, new runs use this one, and the version published now stops being so.
 * The confirm button is the form's submit button; Cancel and Escape close without publishing.
 */
export function PublishConfirmDialog({
  open,
  onClose,
  number,
  publishedNumber,
  rollback = false,
  pending,
  error,
  fields,
  formAction,
  onSubmit,
}: Props) {
  const title = rollback ? `Roll back to v${number}?` : `Publish v${number}?`;
  const replaced =
    publishedNumber === undefined
      ? "The version published now, if any, stops being the published version."
      : publishedNumber === null
        ? "No version is published yet: this becomes the first one that runs."
        : `v${publishedNumber} stops being the published version.`;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={
        rollback
          ? `The older, approved v${number} becomes the version that runs again.`
          : `v${number} becomes the version that runs.`
      }
      testId="publish-confirm-dialog"
      className="max-w-md"
    >
      <ul className="list-disc space-y-1.5 pl-5 text-sm" data-testid="publish-confirm-changes">
        <li data-testid="publish-confirm-replaced">{replaced}</li>
        <li>New runs use v{number}.</li>
        <li>Runs already started keep the version they started with; they are not changed or stopped.</li>
      </ul>
      {error ? (
        <div className="mt-4">
          <Alert tone="error" testId="publish-confirm-error">
            {error}
          </Alert>
        </div>
      ) : null}
      <form action={formAction} onSubmit={onSubmit} data-testid="publish-confirm-form">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="mt-5 flex justify-end gap-2">
          <Button type="button" variant="ghost" size="sm" onClick={onClose} data-testid="publish-confirm-cancel">
            Cancel
          </Button>
          <Button type="submit" variant="primary" size="sm" pending={pending} data-testid="publish-confirm">
            {pending ? null : rollback ? (
              <Undo2 className="size-4" aria-hidden="true" />
            ) : (
              <Rocket className="size-4" aria-hidden="true" />
            )}
            {rollback ? `Roll back to v${number}` : `Publish v${number}`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
