"use client";

import { useEffect, useRef } from "react";
import { Alert, Button, Field, Input, useFormAction } from "@/components/ui";
import type { ActionState } from "@/lib/forms";

type Props = {
  action: (state: ActionState, formData: FormData) => Promise<ActionState>;
  next?: string;
};

export function SignInForm({ action, next }: Props) {
  const { state, formAction, onSubmit, pending } = useFormAction(action, { status: "idle" });
  const password = useRef<HTMLInputElement>(null);
  // After a refusal the email stays, the password is cleared and focused for the next try.
  useEffect(() => {
    if (state.status !== "error" || !password.current) return;
    password.current.value = "";
    password.current.focus();
  }, [state]);
  const fieldErrors = state.status === "error" ? state.fieldErrors : undefined;
  return (
    <form action={formAction} onSubmit={onSubmit} className="space-y-4" data-testid="sign-in-form" noValidate>
      {state.status === "error" ? (
        <Alert tone="error" testId="sign-in-error">
          {state.message}
        </Alert>
      ) : null}
      {next ? <input type="hidden" name="next" value={next} /> : null}
      <Field id="email" label="Email" errors={fieldErrors?.email}>
        {(aria) => (
          <Input
            {...aria}
            name="email"
            type="email"
            autoComplete="username"
            required
            autoFocus
            data-testid="sign-in-email"
          />
        )}
      </Field>
      <Field id="password" label="Password" errors={fieldErrors?.password}>
        {(aria) => (
          <Input
            {...aria}
            ref={password}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            data-testid="sign-in-password"
          />
        )}
      </Field>
      <Button type="submit" className="w-full" pending={pending} data-testid="sign-in-submit">
        Sign in
      </Button>
    </form>
  );
}
