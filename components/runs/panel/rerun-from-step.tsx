"use client";

import { Lock, RotateCcw } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button, Field, FormStatus, Textarea, useFormAction } from "@/components/ui";
import type { ActionState } from "@/lib/forms";
import { describeStep, type Step } from "@/lib/routine";
import {
  parseEditedInput,
  rerunFormOf,
  rerunInputOf,
  type FixedArgumentView,
  type RunViewStoreState,
} from "@/lib/stores/run-view";
import type { RunActions } from "../run-actions-types";
import { useRunView } from "../run-view-context";
import { useWakeOnSuccess } from "../use-wake-on-success";

const selectRunInputs = (state: RunViewStoreState) => state.header.inputs;

const asEditableJson = (input: Record<string, unknown>) => JSON.stringify(input, null, 2);

function Outcome({ state }: { state: ActionState }) {
  useWakeOnSuccess(state);
  return <FormStatus state={state} testId="step-rerun" />;
}

/**
 * Edit a step's input and run the run on from it. The arguments the routine fixes (its literal values and the run's
 * inputs) are shown read-only with where their value comes from, and sent as they are; the operator edits the rest
 * as JSON. The server checks again and refuses a change to a fixed argument, naming it (shown under the editor).
 */
export function RerunFromStep({
  runId,
  stepRunId,
  step,
  input,
  action,
}: {
  runId: string;
  stepRunId: string;
  step: Step;
  input: unknown;
  action: RunActions["rerunFromStep"];
}) {
  const runInputs = useRunView(selectRunInputs);
  const { state, formAction, pending } = useFormAction(action, { status: "idle" });
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const form = rerunFormOf(step, runInputs, input);
  if (!open) {
    return (
      <Button
        type="button"
        size="sm"
        variant="secondary"
        onClick={() => {
          setText(asEditableJson(form.editable));
          setOpen(true);
        }}
        data-testid="step-edit-input"
      >
        Edit input and re-run from here
      </Button>
    );
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = parseEditedInput(text);
    if (!parsed.ok) return setProblem(parsed.message);
    setProblem(null);
    const payload = new FormData();
    payload.set("runId", runId);
    payload.set("stepRunId", stepRunId);
    payload.set("input", JSON.stringify(rerunInputOf(form.fixed, parsed.value)));
    formAction(payload);
  };
  const serverErrors = state.status === "error" ? state.fieldErrors?.input : undefined;
  const gated = describeStep(step).waitsForPerson(step);
  return (
    <form onSubmit={onSubmit} className="space-y-3" noValidate data-testid="step-rerun-form">
      {form.fixed.length > 0 ? <FixedArguments fixed={form.fixed} /> : null}
      <Field
        id="step-input"
        label={form.fixed.length > 0 ? "The arguments you can change" : "The step's input"}
        hint="JSON. The steps after this one run again with what it returns."
        errors={problem ? [problem] : serverErrors}
      >
        {(aria) => (
          <Textarea
            {...aria}
            mono
            rows={8}
            value={text}
            onChange={(event) => setText(event.target.value)}
            spellCheck={false}
            data-testid="step-input-editor"
          />
        )}
      </Field>
      {gated ? (
        <p className="text-xs text-muted" data-testid="step-rerun-approval">
          This call needs an operator&apos;s approval: the re-run waits for one before anything is sent.
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" size="sm" pending={pending} data-testid="step-rerun">
          <RotateCcw className="size-4" aria-hidden="true" /> Re-run from this step
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
          Close
        </Button>
      </div>
      <Outcome state={state} />
    </form>
  );
}

function FixedArguments({ fixed }: { fixed: readonly FixedArgumentView[] }) {
  return (
    <section aria-labelledby="step-fixed-arguments-title" data-testid="step-fixed-arguments">
      <h3 id="step-fixed-arguments-title" className="flex items-center gap-1 text-sm font-medium text-foreground">
        <Lock className="size-3.5" aria-hidden="true" /> Fixed by the routine
      </h3>
      <p className="text-xs text-muted">
        The routine sets these, as its reviewers approved them: a re-run sends them unchanged.
      </p>
      <dl className="mt-2 space-y-1.5">
        {fixed.map((argument) => (
          <div
            key={argument.name}
            className="rounded-md border border-border bg-surface-muted px-2 py-1.5"
            data-testid={`step-fixed-argument-${argument.name}`}
          >
            <dt className="font-mono text-xs text-foreground">{argument.name}</dt>
            <dd className="break-words font-mono text-xs text-foreground">
              {argument.value === undefined ? "(not given)" : JSON.stringify(argument.value)}
            </dd>
            <dd className="text-xs text-muted">{argument.why}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
