"use client";

import { SkipForward } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button, Field, FormStatus, Textarea, useFormAction } from "@/components/ui";
import type { Step } from "@/lib/routine";
import type { StepView } from "@/lib/stores/run-view";
import type { RunActions } from "../run-actions-types";
import { useWakeOnSuccess } from "../use-wake-on-success";

const NEEDS_REASON = "Say why you skip this step.";

/**
 * Whether an operator may skip the step now: a workflow run's step that failed or waits (for a person or a
 * sub-routine), where the run would know where to go next (a branch would not: it has several ways out; an end step
 * is the run's finish). In an agent run the executor model decides what runs.
 */
export function canSkipStep(step: Step, view: StepView, mode: "workflow" | "agent" | "planned"): boolean {
  return (
    mode === "workflow" &&
    step.kind !== "branch" &&
    step.kind !== "end" &&
    (view.state === "failed" || view.state === "waiting")
  );
}

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
