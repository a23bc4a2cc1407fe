"use client";

import type { ReactNode } from "react";
import { Button, useFormAction } from "@/components/ui";
import type { ActionState } from "@/lib/forms";

type Props = {
  action: (state: ActionState, formData: FormData) => Promise<ActionState>;
  fields: Record<string, string>;
  label: ReactNode;
  variant?: "primary" | "secondary" | "ghost" | "danger";
  testId: string;
  /** Where the outcome message goes; it reads the last state and renders it (or nothing). */
  onState?: (state: ActionState) => void;
};

/** One button that posts `fields` to a server action and reports the outcome through `onState`. */
export function InlineAction({ action, fields, label, variant = "secondary", testId, onState }: Props) {
  const { formAction, onSubmit, pending } = useFormAction(
    async (previous: ActionState, formData: FormData) => {
      const next = await action(previous, formData);
      onState?.(next);
      return next;
    },
    { status: "idle" },
  );
  return (
    <form action={formAction} onSubmit={onSubmit}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" size="sm" variant={variant} pending={pending} data-testid={testId}>
        {label}
      </Button>
    </form>
  );
}
