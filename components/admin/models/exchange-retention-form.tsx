"use client";

import { CardForm, Field, Input } from "@/components/ui";
import type { ActionState } from "@/lib/forms";

/** The retention as the page hands it over (plain values). */
export type ExchangeRetentionFormView = { days: number; isDefault: boolean; maxDays: number };

const IDLE: ActionState = { status: "idle" };

type Props = {
  action: (state: ActionState, formData: FormData) => Promise<ActionState>;
  view: ExchangeRetentionFormView;
};

/**
 * How long each model call's request and answer are kept for admins to read on the run page. Saved on its own:
 * it needs no endpoint, and lowering it clears older exchanges at once, which the success message says.
 */
export function ExchangeRetentionForm({ action, view }: Props) {
  return (
    <CardForm
      title="Model exchanges"
      description="What each model call sent (messages, tools offered) and what it answered, shown to admins on a run's step detail. The API key is never kept."
      action={action}
      initial={IDLE}
      testId="exchange-retention"
      submitLabel="Save"
    >
      {(errors) => (
        <>
          <div className="max-w-xs">
            <Field
              id="exchange-retention-days"
              label="Keep model exchanges for (days)"
              hint={`0 to ${view.maxDays}. 0 keeps none: only the tokens and timings of each call. Exchanges older than this are cleared, at once when you lower it.${view.isDefault ? " Not set yet: the default applies." : ""}`}
              errors={errors?.days}
            >
              {(aria) => (
                <Input
                  {...aria}
                  name="days"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={view.maxDays}
                  step={1}
                  required
                  defaultValue={view.days}
                  data-testid="exchange-retention-days"
                />
              )}
            </Field>
          </div>
        </>
      )}
    </CardForm>
  );
}
