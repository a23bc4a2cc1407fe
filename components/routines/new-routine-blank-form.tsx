"use client";

import { Alert, Button, Field, Input, Textarea, useFormAction } from "@/components/ui";
import type { CreateRoutineAction } from "./library-types";

/** A blank routine: a name, an optional description, and a single end step to build from. */
export function NewRoutineBlankForm({ action }: { action: CreateRoutineAction }) {
  const { state, formAction, onSubmit, pending } = useFormAction(action, { status: "idle" });
  const errors = state.status === "error" ? state.fieldErrors : undefined;
  return (
    <form
      action={formAction}
      onSubmit={onSubmit}
      className="space-y-4 pt-2"
      noValidate
      data-testid="new-routine-blank-form"
    >
      {state.status === "error" ? (
        <Alert tone="error" testId="new-routine-blank-alert">
          {state.message}
        </Alert>
      ) : null}
      <Field id="new-routine-name" label="Name" errors={errors?.name}>
        {(aria) => <Input {...aria} name="name" autoComplete="off" maxLength={120} data-testid="new-routine-name" />}
      </Field>
      <Field
        id="new-routine-description"
        label="Description"
        hint="Optional. What the routine is for, in a sentence or two."
        errors={errors?.description}
      >
        {(aria) => <Textarea {...aria} name="description" rows={3} data-testid="new-routine-description" />}
      </Field>
      <div className="flex justify-end">
        <Button type="submit" pending={pending} data-testid="new-routine-submit-blank">
          Create routine
        </Button>
      </div>
    </form>
  );
}
