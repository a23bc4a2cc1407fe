"use client";

import { SkipForward } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button, Field, FormStatus, Textarea, useFormAction } from "@/components/ui";
import type { RunActions } from "../run-actions-types";
import { useWakeOnSuccess } from "../use-wake-on-success";

const NEEDS_REASON = "Say why you skip this step.";

/** "Skip this step", with the reason the run's log keeps: the run goes on after the step as if it were done. */
export function SkipStep({
  runId,
  stepRunId,
  action,
}: {
  runId: string;
  stepRunId: string;
  action: RunActions["skipStep"];
}) {
  const { state, formAction, pending } = useFormAction(action, { status: "idle" });
  useWakeOnSuccess(state);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  if (!open)
    return (
      <Button type="button" size="sm" variant="secondary" onClick={() => setOpen(true)} data-testid="step-skip-open">
        <SkipForward className="size-4" aria-hidden="true" /> Skip this step
      </Button>
    );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reason.trim() === "") return setProblem(NEEDS_REASON);
    setProblem(null);
    const payload = new FormData();
    payload.set("runId", runId);
    payload.set("stepRunId", stepRunId);
    payload.set("reason", reason.trim());
    formAction(payload);
  };
  const serverErrors = state.status === "error" ? state.fieldErrors?.reason : undefined;
  return (
    <form onSubmit={onSubmit} className="space-y-2" noValidate data-testid="step-skip-form">
      <Field
        id="step-skip-reason"
        label="Why skip this step?"
        hint="Required. Kept in the run's log with your name; the run goes on after the step."
        errors={problem ? [problem] : serverErrors}
      >
        {(aria) => (
          <Textarea
            {...aria}
            rows={2}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            data-testid="step-skip-reason"
          />
        )}
      </Field>
      <div className="flex gap-2">
        <Button type="submit" size="sm" variant="danger" pending={pending} data-testid="step-skip">
          <SkipForward className="size-4" aria-hidden="true" /> Skip this step
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
          Close
        </Button>
      </div>
      <FormStatus state={state} testId="step-skip" />
    </form>
  );
}
