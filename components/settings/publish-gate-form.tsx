"use client";

import { changeNote, type SettingChangeView } from "./setting-change";
import { SettingsForm, type SettingsAction } from "./settings-form";

type Rule = "point" | "interval";

const RULES: Array<{ value: Rule; title: string; text: string }> = [
  {
    value: "point",
    title: "Point figures",
    text: "Blocked when a suite's accuracy is lower than the published version's at all, even by one case of five.",
  },
  {
    value: "interval",
    title: "95% interval (no worse than published)",
    text:
      "Blocked only when the paired difference on the cases both versions ran is distinguishable from zero: its 95% " +
      "interval lies below zero and the exact test agrees. Noise over a few cases passes; a real drop still blocks.",
  },
];

/** How the publish gate judges "lower": the admin's choice, with who changed it last. */
export function PublishGateForm({
  action,
  view,
}: {
  action: SettingsAction;
  view: SettingChangeView & { rule: Rule };
}) {
  return (
    <SettingsForm
      title="Publish gate"
      description={changeNote(view, "Not set yet: the gate compares point figures.")}
      action={action}
      testId="publish-gate"
      submitLabel="Save rule"
    >
      {(errors) => (
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-foreground">A version scores lower when…</legend>
          {RULES.map((rule) => (
            <label key={rule.value} className="flex items-start gap-3 text-sm">
              <input
                type="radio"
                name="rule"
                value={rule.value}
                defaultChecked={view.rule === rule.value}
                className="mt-1 size-4 shrink-0 accent-[var(--color-accent)]"
                data-testid={`publish-gate-rule-${rule.value}`}
              />
              <span>
                <span className="block font-medium text-foreground">{rule.title}</span>
                <span className="block text-muted">{rule.text}</span>
              </span>
            </label>
          ))}
          {errors?.rule ? (
            <p className="text-sm text-danger" role="alert">
              {errors.rule.join(" ")}
            </p>
          ) : null}
        </fieldset>
      )}
    </SettingsForm>
  );
}
