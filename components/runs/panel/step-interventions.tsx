"use client";

import { Check, RotateCcw, X } from "lucide-react";
import type { FormEvent } from "react";
import { Button, Field, FormStatus, Textarea, useFormAction } from "@/components/ui";
import type { ActionState } from "@/lib/forms";
import { STEP_KIND_LOOKS } from "@/components/step-kinds";
import { describeStep, type Step } from "@/lib/routine";
import {
  decideStepProblem,
  rerunStepProblem,
  retryStepProblem,
  skipStepProblem,
  type StepFacts,
} from "@/lib/runs/operations/rules";
import { selectRunMode, type RunViewStoreState, type StepView } from "@/lib/stores/run-view";
import type { RunActions } from "../run-actions-types";
import { useRunView } from "../run-view-context";
import { SkipStep } from "../stages/skip-step";
import { useWakeOnSuccess } from "../use-wake-on-success";
import { ParamFields, paramValuesOf } from "./param-fields";
import { RerunFromStep } from "./rerun-from-step";

type Props = { runId: string; step: Step; view: StepView; actions: RunActions };

const selectRunStatus = (state: RunViewStoreState) => state.header.status;

/**
 * What an operator may do about this step now: decide a human step, retry a failed one, skip one that failed or
 * waits, edit its input and re-run.
 */
export function StepInterventions({ runId, step, view, actions }: Props) {
  const mode = useRunView(selectRunMode);
  const status = useRunView(selectRunStatus);
  if (!view.stepRunId) return null;
  // The server's rules (lib/runs/operations/rules) over what the view knows; the server checks again with the rest.
  const run = { status, mode };
  const facts: StepFacts = {
    kind: step.kind,
    name: step.name,
    state: view.state,
    waitingFor: view.waiting?.for ?? null,
  };
  const waitingForPerson = decideStepProblem(run, facts) === null;
  const canRetry = retryStepProblem(run, facts) === null;
  const canRerun = rerunStepProblem(run, facts) === null;
  const canSkip = skipStepProblem(run, facts) === null;
  if (!waitingForPerson && !canRetry && !canRerun && !canSkip) return null;
  return (
    <div className="space-y-4 rounded-lg border border-border p-3" data-testid="step-interventions">
      {waitingForPerson ? (
        <HumanDecision
          runId={runId}
          stepRunId={view.stepRunId}
          step={step}
          instruction={view.waiting?.instruction}
          action={actions.decideHumanStep}
        />
      ) : null}
      {canRetry ? <RetryStep runId={runId} stepRunId={view.stepRunId} action={actions.retryStep} /> : null}
      {canSkip ? <SkipStep runId={runId} stepRunId={view.stepRunId} action={actions.skipStep} /> : null}
      {canRerun ? (
        <RerunFromStep
          runId={runId}
          stepRunId={view.stepRunId}
          step={step}
          input={view.toolCall?.arguments ?? view.input}
          action={actions.rerunFromStep}
        />
      ) : null}
    </div>
  );
}

/** For a kind that names no question of its own (none waits for a person today without one). */
const DECISION_HEADING = "This step waits for your decision.";

function Outcome({ state, testId }: { state: ActionState; testId: string }) {
  useWakeOnSuccess(state);
  return <FormStatus state={state} testId={testId} />;
}

/**
 * A person's decision on the step: a human step's (with its form, if it has one), or the approval a tool step asks
 * for before its call. The step's kind words the question.
 */
function HumanDecision({
  runId,
  stepRunId,
  step,
  instruction,
  action,
}: {
  runId: string;
  stepRunId: string;
  step: Step;
  instruction?: string;
  action: RunActions["decideHumanStep"];
}) {
  const described = describeStep(step);
  const fields = described.formOf(step);
  const stepInstruction = described.instructionOf(step);
  const { state, formAction, pending } = useFormAction(action, { status: "idle" });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const data = new FormData(event.currentTarget);
    const payload = new FormData();
    payload.set("runId", runId);
    payload.set("stepRunId", stepRunId);
    payload.set("decision", submitter?.value === "reject" ? "reject" : "approve");
    payload.set("comment", String(data.get("comment") ?? ""));
    if (fields.length > 0) payload.set("values", JSON.stringify(paramValuesOf(fields, data)));
    formAction(payload);
  };
  const errors = state.status === "error" ? state.fieldErrors : undefined;
  return (
    <form onSubmit={onSubmit} className="space-y-3" noValidate data-testid="human-decision">
      <p className="text-sm font-medium text-foreground">
        {STEP_KIND_LOOKS[step.kind].decisionHeading ?? DECISION_HEADING}
      </p>
      {instruction || stepInstruction ? <p className="text-sm text-muted">{instruction || stepInstruction}</p> : null}
      {fields.length > 0 ? <ParamFields params={fields} prefix="human" errors={errors} /> : null}
      <Field
        id="human-comment"
        label="Comment"
        hint="Kept with the run; the next steps can read it."
        errors={errors?.comment}
      >
        {(aria) => <Textarea {...aria} name="comment" rows={2} data-testid="human-comment" />}
      </Field>
      <div className="flex gap-2">
        <Button type="submit" name="decision" value="approve" size="sm" pending={pending} data-testid="human-approve">
          <Check className="size-4" aria-hidden="true" /> Approve
        </Button>
        <Button
          type="submit"
          name="decision"
          value="reject"
          size="sm"
          variant="danger"
          disabled={pending}
          data-testid="human-reject"
        >
          <X className="size-4" aria-hidden="true" /> Reject
        </Button>
      </div>
      <Outcome state={state} testId="human-decision" />
    </form>
  );
}

function RetryStep({
  runId,
  stepRunId,
  action,
}: {
  runId: string;
  stepRunId: string;
  action: RunActions["retryStep"];
}) {
  const { state, formAction, onSubmit, pending } = useFormAction(action, { status: "idle" });
  return (
    <form action={formAction} onSubmit={onSubmit} className="space-y-2">
      <input type="hidden" name="runId" value={runId} />
      <input type="hidden" name="stepRunId" value={stepRunId} />
      <Field id="step-retry-reason" label="Reason (optional)" hint="Kept in the run's log with your name.">
        {(aria) => <Textarea {...aria} name="reason" rows={2} maxLength={500} data-testid="step-retry-reason" />}
      </Field>
      <Button type="submit" size="sm" variant="secondary" pending={pending} data-testid="step-retry">
        <RotateCcw className="size-4" aria-hidden="true" /> Retry this step
      </Button>
      <Outcome state={state} testId="step-retry" />
    </form>
  );
}
