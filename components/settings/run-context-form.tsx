"use client";

import { useState } from "react";
import { Alert, CardForm, Field, Input } from "@/components/ui";
import { Select } from "@/components/ui/select";
import type { ActionState } from "@/lib/forms";
import {
  CONTEXT_LIMITS,
  CONTEXT_MODE_LABELS,
  CONTEXT_MODES,
  type ContextMode,
  type ContextSettings,
} from "@/lib/context-modes";

/** The context settings as the page hands them over (plain values). */
export type RunContextFormView = {
  settings: ContextSettings;
  isDefault: boolean;
  updatedAt: string | null;
  updatedBy: string | null;
  /** Whether the compressor role has a model: compressed mode falls back to plan-aware without one. */
  compressorConfigured: boolean;
};

const IDLE: ActionState = { status: "idle" };

type Props = {
  action: (state: ActionState, formData: FormData) => Promise<ActionState>;
  view: RunContextFormView;
};

const range = (limits: { min: number; max: number }) =>
  `${limits.min.toLocaleString("en")} to ${limits.max.toLocaleString("en")}`;

/**
 * How much of the run the executor's prompt carries, for every run started from now on (a run keeps the settings
 * it started with; an operator may choose another mode when starting one). Saved together or not at all.
 */
export function RunContextForm({ action, view }: Props) {
  const [mode, setMode] = useState<ContextMode>(view.settings.mode);
  const { lookahead, budgetTokens, compressTokens } = view.settings;
  return (
    <CardForm
      title="Run context"
      description={
        view.isDefault
          ? "How much of the run so far the executor's prompt carries. Not set yet: the defaults apply."
          : `How much of the run so far the executor's prompt carries. Last changed${view.updatedBy ? ` by ${view.updatedBy}` : ""}${view.updatedAt ? ` on ${new Date(view.updatedAt).toLocaleString()}` : ""}.`
      }
      action={action}
      initial={IDLE}
      testId="run-context"
      submitLabel="Save run context"
    >
      {(errors) => (
        <div className="max-w-2xl space-y-4">
          <Field
            id="run-context-mode"
            label="Mode"
            hint={<span data-testid="run-context-mode-hint">{CONTEXT_MODE_LABELS[mode].purpose}</span>}
            errors={errors?.mode}
          >
            {(aria) => (
              <Select
                {...aria}
                name="mode"
                value={mode}
                onChange={(event) => setMode(event.target.value as ContextMode)}
                data-testid="run-context-mode"
              >
                {CONTEXT_MODES.map((option) => (
                  <option key={option} value={option}>
                    {CONTEXT_MODE_LABELS[option].title}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {mode === "compressed" && !view.compressorConfigured ? (
            <Alert tone="warning" testId="run-context-no-compressor">
              No compressor model is configured: set the compressor role&apos;s model above, or runs in this mode stay
              plan-aware.
            </Alert>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-3">
            <NumberField
              id="run-context-lookahead"
              name="lookahead"
              label="Lookahead (k steps)"
              hint={`${range(CONTEXT_LIMITS.lookahead)}. The next k steps' needs stay in full.`}
              limits={CONTEXT_LIMITS.lookahead}
              value={lookahead}
              errors={errors?.lookahead}
            />
            <NumberField
              id="run-context-budget"
              name="budgetTokens"
              label="Prompt budget (tokens)"
              hint={`${range(CONTEXT_LIMITS.budgetTokens)}. Full history ignores it.`}
              limits={CONTEXT_LIMITS.budgetTokens}
              value={budgetTokens}
              errors={errors?.budgetTokens}
            />
            <NumberField
              id="run-context-compress"
              name="compressTokens"
              label="Compressor budget (tokens)"
              hint={`${range(CONTEXT_LIMITS.compressTokens)}. The compressor's rewrite stays within it.`}
              limits={CONTEXT_LIMITS.compressTokens}
              value={compressTokens}
              errors={errors?.compressTokens}
            />
          </div>
        </div>
      )}
    </CardForm>
  );
}

/** One whole-number setting; its test id is its id. */
function NumberField(props: {
  id: string;
  name: keyof Omit<ContextSettings, "mode">;
  label: string;
  hint: string;
  limits: { min: number; max: number };
  value: number;
  errors?: string[];
}) {
  return (
    <Field id={props.id} label={props.label} hint={props.hint} errors={props.errors}>
      {(aria) => (
        <Input
          {...aria}
          name={props.name}
          type="number"
          inputMode="numeric"
          min={props.limits.min}
          max={props.limits.max}
          step={1}
          required
          defaultValue={props.value}
          data-testid={props.id}
        />
      )}
    </Field>
  );
}
