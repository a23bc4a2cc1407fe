"use client";

import { changeNote } from "@/components/settings/setting-change";
import { NumberSettingField, SettingsForm, type SettingsAction } from "@/components/settings/settings-form";
import type { MemoryThresholdsFormView } from "./memory-types";

/** The two thresholds, each a number from 0 to its maximum in hundredths. */
const THRESHOLD_FIELDS = [
  {
    id: "memory-min-score",
    name: "minScore",
    label: "Minimum score",
    hint: "0 to 1. Below it the best routine is not good enough: the answer is “none”.",
    max: 1,
  },
  {
    id: "memory-ambiguity-margin",
    name: "ambiguityMargin",
    label: "Ambiguity margin",
    hint: "0 to 0.5. When the top two scores are closer than this, the answer is “ambiguous”.",
    max: 0.5,
  },
] as const;

type Props = {
  action: SettingsAction;
  view: MemoryThresholdsFormView;
};

/**
 * The two numbers every retrieval decides with. Saved together or not at all: an error on one field keeps both as
 * typed and saves neither.
 */
export function MemoryThresholdsForm({ action, view }: Props) {
  return (
    <SettingsForm
      title="Thresholds"
      description={changeNote(view, "Not set yet: the defaults tuned on the procedure memory benchmark apply.")}
      action={action}
      testId="memory-thresholds"
      submitLabel="Save thresholds"
    >
      {(errors) => (
        <div className="grid max-w-xl gap-4 sm:grid-cols-2">
          {THRESHOLD_FIELDS.map((field) => (
            <NumberSettingField
              key={field.id}
              {...field}
              min={0}
              step={0.01}
              value={view.thresholds[field.name]}
              errors={errors?.[field.name]}
            />
          ))}
        </div>
      )}
    </SettingsForm>
  );
}
