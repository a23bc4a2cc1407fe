"use client";

import { CardForm, Field, Input } from "@/components/ui";
import type { ActionState } from "@/lib/forms";
import type { MemoryThresholdsFormView } from "./memory-types";

const IDLE: ActionState = { status: "idle" };

type Props = {
  action: (state: ActionState, formData: FormData) => Promise<ActionState>;
  view: MemoryThresholdsFormView;
};

/**
 * The two numbers every retrieval decides with. Saved together or not at all: an error on one field keeps both as
 * typed and saves neither.
 */
export function MemoryThresholdsForm({ action, view }: Props) {
  const { minScore, ambiguityMargin } = view.thresholds;
  return (
    <CardForm
      title="Thresholds"
      description={
        view.isDefault
          ? "Not set yet: the defaults tuned on the procedure memory benchmark apply."
          : `Last changed${view.updatedBy ? ` by ${view.updatedBy}` : ""}${view.updatedAt ? ` on ${new Date(view.updatedAt).toLocaleString()}` : ""}.`
      }
      action={action}
      initial={IDLE}
      testId="memory-thresholds"
      submitLabel="Save thresholds"
    >
      {(errors) => (
        <div className="grid max-w-xl gap-4 sm:grid-cols-2">
          <ThresholdField
            name="minScore"
            label="Minimum score"
            hint="0 to 1. Below it the best routine is not good enough: the answer is “none”."
            max={1}
            value={minScore}
            errors={errors?.minScore}
          />
          <ThresholdField
            name="ambiguityMargin"
            label="Ambiguity margin"
            hint="0 to 0.5. When the top two scores are closer than this, the answer is “ambiguous”."
            max={0.5}
            value={ambiguityMargin}
            errors={errors?.ambiguityMargin}
          />
        </div>
      )}
    </CardForm>
  );
}

/** One threshold: a number from 0 to `max` in hundredths, its id and test id derived from its name. */
function ThresholdField(props: {
  name: "minScore" | "ambiguityMargin";
  label: string;
  hint: string;
  max: number;
  value: number;
  errors?: string[];
}) {
  const id = props.name === "minScore" ? "memory-min-score" : "memory-ambiguity-margin";
  return (
    <Field id={id} label={props.label} hint={props.hint} errors={props.errors}>
      {(aria) => (
        <Input
          {...aria}
          name={props.name}
          type="number"
          inputMode="decimal"
          min={0}
          max={props.max}
          step={0.01}
          required
          defaultValue={props.value}
          data-testid={id}
        />
      )}
    </Field>
  );
}
