"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState, type FormEvent } from "react";
import { Alert, Button, Field, Textarea, useFormAction } from "@/components/ui";
import { Select } from "@/components/ui/select";
import { CONTEXT_MODE_LABELS, CONTEXT_MODES, type ContextMode } from "@/lib/context-modes";
import { RUN_MODE_OPTIONS, runModeOption, type RunModeName } from "../run-modes";
import { ParamFields, paramValuesOf } from "../panel/param-fields";
import type { RunFormView, StartRunActions } from "./start-run-types";

type Mode = "form" | "request";

/**
 * Inputs as a form generated from the routine's declaration (types, required), or a request in words from which
 * the executor reads them (a `request` given opens the form on it). A routine that declares no inputs still takes a
 * request: it is what the person asked, which the executor's prompts carry and the training export shows. On success
 * it opens the new run; the server's per-field errors show beside the fields.
 */
export function StartRunForm({
  routineId,
  form,
  start,
  request,
}: {
  routineId: string;
  form: RunFormView;
  start: StartRunActions["start"];
  /** A request already typed (Run by request): the form opens on it, for the executor to read the inputs from. */
  request?: string;
}) {
  const router = useRouter();
  const { state, formAction, pending } = useFormAction(start, { status: "idle" });
  const [mode, setMode] = useState<Mode>(request && form.inputs.length > 0 ? "request" : "form");
  const [execution, setExecution] = useState<RunModeName>(form.defaultMode);
  const [contextMode, setContextMode] = useState<ContextMode>(form.contextMode);
  const runId = state.status === "success" ? state.data?.runId : undefined;
  useEffect(() => {
    if (runId) router.push(`/runs/${encodeURIComponent(runId)}`);
  }, [runId, router]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const payload = new FormData();
    payload.set("routineId", routineId);
    payload.set("mode", mode);
    payload.set("execution", execution);
    payload.set("context.mode", contextMode);
    payload.set("inputs", JSON.stringify(mode === "form" ? paramValuesOf(form.inputs, data) : {}));
    // Without inputs there is no choice to make: the request field, when filled, goes with the run.
    const withRequest = mode === "request" || form.inputs.length === 0;
    payload.set("request", withRequest ? String(data.get("request") ?? "") : "");
    formAction(payload);
  };
  const errors = state.status === "error" ? state.fieldErrors : undefined;
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate data-testid="start-run-form">
      {form.inputs.length > 0 ? (
        <div className="flex gap-4 text-sm" role="radiogroup" aria-label="How to give the inputs">
          {(["form", "request"] as const).map((option) => (
            <label key={option} className="flex items-center gap-2">
              <input
                type="radio"
                name="mode"
                value={option}
                checked={mode === option}
                onChange={() => setMode(option)}
                className="accent-[var(--accent)]"
                data-testid={`start-run-mode-${option}`}
              />
              {option === "form" ? "Fill in the inputs" : "Describe the request in words"}
            </label>
          ))}
        </div>
      ) : null}
      {form.inputs.length === 0 ? (
        <Field
          id="start-run-request"
          label="Request (optional)"
          hint="This routine takes no inputs. What you ask here goes to the executor model with the routine."
          errors={errors?.request}
        >
          {(aria) => (
            <Textarea {...aria} name="request" rows={3} defaultValue={request} data-testid="start-run-request" />
          )}
        </Field>
      ) : mode === "form" ? (
        <ParamFields params={form.inputs} prefix="run-input" errors={errors} />
      ) : (
        <Field
          id="start-run-request"
          label="Request"
          hint={
            form.intents[0]
              ? `For example: “${form.intents[0]}”. The executor model reads the inputs from it; you can check them on the run.`
              : "The executor model reads the inputs from it."
          }
          errors={errors?.request}
        >
          {(aria) => (
            <Textarea {...aria} name="request" rows={4} defaultValue={request} data-testid="start-run-request" />
          )}
        </Field>
      )}
      <Field
        id="start-run-execution"
        label="Run as"
        hint={
          <span data-testid="start-run-execution-hint">
            {runModeOption(execution).explanation}
            {form.agentProblem ? ` Agent mode is not available: ${form.agentProblem}` : ""}
          </span>
        }
      >
        {(aria) => (
          <Select
            {...aria}
            value={execution}
            onChange={(event) => setExecution(event.target.value as RunModeName)}
            data-testid="start-run-execution"
          >
            {RUN_MODE_OPTIONS.map((option) => (
              <option
                key={option.value}
                value={option.value}
                disabled={option.value === "agent" && form.agentProblem !== null}
              >
                {option.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field
        id="start-run-context"
        label="Context"
        hint={<span data-testid="start-run-context-hint">{CONTEXT_MODE_LABELS[contextMode].purpose}</span>}
        errors={errors?.context}
      >
        {(aria) => (
          <Select
            {...aria}
            value={contextMode}
            onChange={(event) => setContextMode(event.target.value as ContextMode)}
            data-testid="start-run-context"
          >
            {CONTEXT_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {`${CONTEXT_MODE_LABELS[mode].title}${mode === form.contextMode ? " (default)" : ""}`}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {state.status === "error" ? (
        <Alert tone="error" testId="start-run-error">
          {state.message}
          {mode === "request" && errors ? (
            <ul className="mt-1 list-disc pl-4">
              {form.inputs
                .filter((param) => errors[param.name])
                .map((param) => (
                  <li key={param.name}>{errors[param.name]!.join(" ")}</li>
                ))}
            </ul>
          ) : null}
        </Alert>
      ) : null}
      {runId ? (
        <Alert tone="success" testId="start-run-started">
          Run started; opening it…
        </Alert>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" pending={pending || Boolean(runId)} data-testid="start-run-submit">
          Start run
        </Button>
      </div>
    </form>
  );
}
