"use client";

import type { ComponentProps, ReactNode } from "react";
import { CardForm, Field, Input } from "@/components/ui";
import type { ActionState } from "@/lib/forms";

/** A settings form's server action. */
export type SettingsAction = (state: ActionState, formData: FormData) => Promise<ActionState>;

const IDLE: ActionState = { status: "idle" };

type SettingsFormProps = Omit<ComponentProps<typeof CardForm<ActionState>>, "initial" | "action"> & {
  action: SettingsAction;
};

/**
 * An admin setting's card: one form, saved together or not at all, its outcome above the fields (CardForm), nothing
 * shown before the first save.
 */
export function SettingsForm({ action, ...props }: SettingsFormProps) {
  return <CardForm action={action} initial={IDLE} {...props} />;
}

type NumberSettingFieldProps = {
  /** The field's id and its test id. */
  id: string;
  name: string;
  label: string;
  hint: ReactNode;
  min: number;
  max: number;
  /** 1 for whole numbers; less for decimals (which also brings up a keypad with a decimal point). */
  step: number;
  value: number;
  errors?: string[];
};

/** One number a setting holds, between its limits. */
export function NumberSettingField({ id, name, label, hint, min, max, step, value, errors }: NumberSettingFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} errors={errors}>
      {(aria) => (
        <Input
          {...aria}
          name={name}
          type="number"
          inputMode={Number.isInteger(step) ? "numeric" : "decimal"}
          min={min}
          max={max}
          step={step}
          required
          defaultValue={value}
          data-testid={id}
        />
      )}
    </Field>
  );
}
