"use client";

import { useState } from "react";
import { Alert, Field } from "@/components/ui";
import { Select } from "@/components/ui/select";
import {
  CONTEXT_LIMITS,
  CONTEXT_MODE_LABELS,
  CONTEXT_MODES,
  type ContextMode,
  type ContextSettings,
} from "@/lib/context-modes";
import { changeNote, type SettingChangeView } from "./setting-change";
import { NumberSettingField, SettingsForm, type SettingsAction } from "./settings-form";

/** The context settings as the page hands them over (plain values). */
export type RunContextFormView = SettingChangeView & {
  settings: ContextSettings;
  /** Whether the compressor role has a model: compressed mode falls back to plan-aware without one. */
  compressorConfigured: boolean;
};

type Props = {
  action: SettingsAction;
  view: RunContextFormView;
};

/** The whole-number settings and what each is for; their limits are CONTEXT_LIMITS, which the server checks. */
const NUMBER_FIELDS = [
  {
    id: "run-context-lookahead",
    name: "lookahead",
    label: "Lookahead (k steps)",
    purpose: "The next k steps' needs stay in full.",
  },
  {
    id: "run-context-budget",
    name: "budgetTokens",
    label: "Prompt budget (tokens)",
    purpose: "Full history ignores it.",
  },
  {
    id: "run-context-compress",
    name: "compressTokens",
    label: "Compressor budget (tokens)",
    purpose: "The compressor's rewrite stays within it.",
  },
] as const satisfies ReadonlyArray<{ id: string; name: keyof typeof CONTEXT_LIMITS; label: string; purpose: string }>;

const range = (limits: { min: number; max: number }) =>
  `${limits.min.toLocaleString("en")} to ${limits.max.toLocaleString("en")}`;

/**
 * How much of the run the executor's prompt carries, for every run started from now on (a run keeps the settings
 * it started with; an operator may choose another mode when starting one). Saved together or not at all.
 */
export function RunContextForm({ action, view }: Props) {
  const [mode, setMode] = useState<ContextMode>(view.settings.mode);
  return (
    <SettingsForm
      title="Run context"
      description={`How much of the run so far the executor's prompt carries. ${changeNote(view, "Not set yet: the defaults apply.")}`}
      action={action}
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
            {NUMBER_FIELDS.map((field) => (
              <NumberSettingField
                key={field.id}
                id={field.id}
                name={field.name}
                label={field.label}
                hint={`${range(CONTEXT_LIMITS[field.name])}. ${field.purpose}`}
                {...CONTEXT_LIMITS[field.name]}
                step={1}
                value={view.settings[field.name]}
                errors={errors?.[field.name]}
              />
            ))}
          </div>
        </div>
      )}
    </SettingsForm>
  );
}
