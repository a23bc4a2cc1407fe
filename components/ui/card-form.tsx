"use client";

import type { ReactNode } from "react";
import { Button } from "./button";
import { Card, CardBody, CardHeader } from "./card";
import { FormStatus } from "./form-status";
import { useFormAction } from "./use-form-action";

/** A form's action state as FormStatus reads it, with field errors for the caller's fields. */
type FormState = { status: string; message?: string; fieldErrors?: Record<string, string[]> };

type Props<State extends FormState> = {
  title: string;
  description: ReactNode;
  action: (state: Awaited<State>, formData: FormData) => State | Promise<State>;
  initial: Awaited<State>;
  /** Test ids: `${testId}-form`, `-error`, `-success` and `-save`. */
  testId: string;
  submitLabel: string;
  /** The fields, given the field errors of the last submission. */
  children: (errors: Record<string, string[]> | undefined) => ReactNode;
};

/**
 * A settings card that is one form: title and description, the last submission's outcome, the fields, and a save
 * button that shows it is pending. Submits without resetting what was typed (useFormAction).
 */
export function CardForm<State extends FormState>({
  title,
  description,
  action,
  initial,
  testId,
  submitLabel,
  children,
}: Props<State>) {
  const { state, formAction, onSubmit, pending } = useFormAction(action, initial);
  const errors = state.status === "error" ? state.fieldErrors : undefined;
  return (
    <Card>
      <CardHeader title={title} description={description} />
      <CardBody>
        <form action={formAction} onSubmit={onSubmit} className="space-y-4" noValidate data-testid={`${testId}-form`}>
          <FormStatus state={state} testId={testId} />
          {children(errors)}
          <Button type="submit" pending={pending} data-testid={`${testId}-save`}>
            {submitLabel}
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
