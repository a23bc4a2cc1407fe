"use client";

import { NumberSettingField, SettingsForm, type SettingsAction } from "@/components/settings/settings-form";

/** The retention as the page hands it over (plain values). */
export type ExchangeRetentionFormView = { days: number; isDefault: boolean; maxDays: number };

type Props = {
  action: SettingsAction;
  view: ExchangeRetentionFormView;
};

/**
 * How long each model call's request and answer are kept for admins to read on the run page. Saved on its own:
 * it needs no endpoint, and lowering it clears older exchanges at once, which the success message says.
 */
export function ExchangeRetentionForm({ action, view }: Props) {
  return (
    <SettingsForm
      title="Model exchanges"
      description="What each model call sent (messages, tools offered) and what it answered, shown to admins on a run's step detail. The API key is never kept."
      action={action}
      testId="exchange-retention"
      submitLabel="Save"
    >
      {(errors) => (
        <div className="max-w-xs">
          <NumberSettingField
            id="exchange-retention-days"
            name="days"
            label="Keep model exchanges for (days)"
            hint={`0 to ${view.maxDays}. 0 keeps none: only the tokens and timings of each call. Exchanges older than this are cleared, at once when you lower it.${view.isDefault ? " Not set yet: the default applies." : ""}`}
            min={0}
            max={view.maxDays}
            step={1}
            value={view.days}
            errors={errors?.days}
          />
        </div>
      )}
    </SettingsForm>
  );
}
