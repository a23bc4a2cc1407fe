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
        <>
          <div className="grid max-w-xl gap-4 sm:grid-cols-2">
            <Field
              id="memory-min-score"
              label="Minimum score"
              hint="0 to 1. Below it the best routine is not good enough: the answer is “none”."
              errors={errors?.minScore}
            >
              {(aria) => (
                <Input
                  {...aria}
                  name="minScore"
                  type="number"
                  inputMode="decimal"
                  min={0}
                  max={1}
                  step={0.01}
                  required
                  defaultValue={minScore}
                  data-testid="memory-min-score"
                />
              )}
            </Field>
            <Field
              id="memory-ambiguity-margin"
              label="Ambiguity margin"
              hint="0 to 0.5. When the top two scores are closer than this, the answer is “ambiguous”."
              errors={errors?.ambiguityMargin}
            >
              {(aria) => (
                <Input
                  {...aria}
                  name="ambiguityMargin"
                  type="number"
                  inputMode="decimal"
                  min={0}
                  max={0.5}
                  step={0.01}
                  required
                  defaultValue={ambiguityMargin}
                  data-testid="memory-ambiguity-margin"
                />
              )}
            </Field>
          </div>
        </>
      )}
    </CardForm>
  );
}
