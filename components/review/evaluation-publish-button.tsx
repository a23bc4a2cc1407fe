"use client";

import { AlertTriangle, Rocket } from "lucide-react";
import { useState } from "react";
import { Alert, Button, Dialog, Field, Textarea, useFormAction } from "@/components/ui";
import { idleState } from "@/lib/forms";
import { formatAccuracy, OVERRIDE_REASON_MAX, OVERRIDE_REASON_MIN, type PublishGate } from "@/lib/review-rules";
import type { FormAction } from "./review-types";
import { PublishButton } from "./version-buttons";

type Props = {
  action: FormAction;
  routineId: string;
  versionId: string;
  number: number;
  /** The content hash of the version as this page shows it: publishing is refused if it changed since. */
  contentHash: string;
  /** The publish gate against the published version; null when the scores could not be read. */
  gate: PublishGate | null;
  publishedNumber: number | null;
};

/**
 * The review header's publish control. When the version scores lower than the published one on a suite, it opens
 * a dialog that names the suites with both scores and asks for the reason of the override (the server requires it
 * and audits it); otherwise it is the plain publish button.
 */
export function EvaluationPublishButton({
  action,
  routineId,
  versionId,
  number,
  contentHash,
  gate,
  publishedNumber,
}: Props) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const { state, formAction, onSubmit, pending } = useFormAction(action, idleState);

  // A success publishes the version: the page refreshes without this button; until then the dialog is closed.
  const dialogOpen = open && state.status !== "success";

  // Not blocked: the plain button, whose dialog confirms what changes for running work. Blocked: the override
  // dialog below is the confirmation (no second dialog).
  if (!gate?.blocked)
    return (
      <PublishButton
        action={action}
        routineId={routineId}
        versionId={versionId}
        number={number}
        contentHash={contentHash}
        publishedNumber={gate ? publishedNumber : undefined}
        rollback={gate !== null && publishedNumber !== null && number < publishedNumber}
      />
    );

  const lower = gate.rows.filter((row) => row.lower);
  const reasonErrors = state.status === "error" ? state.fieldErrors?.reason : undefined;
  const length = reason.trim().length;
  return (
    <>
      {state.status === "success" ? (
        <p role="status" className="max-w-xs text-xs text-success" data-testid="publish-version-done">
          {state.message}
        </p>
      ) : null}
      <Button
        type="button"
        size="sm"
        variant="secondary"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        data-testid="publish-version"
        data-gate="blocked"
      >
        <AlertTriangle className="size-4 text-warning" aria-hidden="true" />
        Publish v{number}…
      </Button>
      <Dialog
        open={dialogOpen}
        onClose={() => setOpen(false)}
        title={`Publish v${number} although it scores lower?`}
        description={`On these suites v${number} is less accurate than the published v${publishedNumber ?? "?"}. Publishing it anyway is an override: give the reason, which is kept in the audit log.`}
        testId="publish-override-dialog"
        className="max-w-lg"
      >
        <form action={formAction} onSubmit={onSubmit} className="space-y-4" data-testid="publish-override-form">
          <input type="hidden" name="routineId" value={routineId} />
          <input type="hidden" name="versionId" value={versionId} />
          <input type="hidden" name="number" value={number} />
          <input type="hidden" name="contentHash" value={contentHash} />
          <input type="hidden" name="override" value="1" />
          <ul className="space-y-1 text-sm" data-testid="publish-override-suites">
            {lower.map((row) => (
              <li key={row.suiteId} className="flex flex-wrap gap-x-2">
                <span className="font-medium">{row.suiteName}</span>
                <span className="tabular-nums">
                  v{number} {formatAccuracy(row.candidate!.accuracy)}
                  <span className="text-muted"> vs </span>v{publishedNumber ?? "?"}{" "}
                  {formatAccuracy(row.published!.accuracy)}
                </span>
              </li>
            ))}
          </ul>
          <Field
            id="publish-override-reason"
            label="Reason for publishing anyway"
            hint={`${OVERRIDE_REASON_MIN}–${OVERRIDE_REASON_MAX} characters (${length} so far).`}
            errors={reasonErrors}
          >
            {(aria) => (
              <Textarea
                {...aria}
                name="reason"
                rows={4}
                required
                minLength={OVERRIDE_REASON_MIN}
                maxLength={OVERRIDE_REASON_MAX}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                placeholder="Why this version should run although it scores lower"
                data-testid="publish-override-reason"
              />
            )}
          </Field>
          {state.status === "error" && !reasonErrors ? (
            <Alert tone="error" testId="publish-override-error">
              {state.message}
            </Alert>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" size="sm" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" size="sm" pending={pending} data-testid="publish-override-submit">
              {pending ? null : <Rocket className="size-4" aria-hidden="true" />}
              Publish anyway
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
