"use client";

import { Alert, Button, Field, Input, useFormAction } from "@/components/ui";
import type { ActionState } from "@/lib/forms";

type Props = { token: string; email: string; action: (state: ActionState, formData: FormData) => Promise<ActionState> };

export function AcceptInvitationForm({ token, email, action }: Props) {
  const { state, formAction, onSubmit, pending } = useFormAction(action, { status: "idle" });
  const errors = state.status === "error" ? state.fieldErrors : undefined;
  return (
    <form action={formAction} onSubmit={onSubmit} className="space-y-4" noValidate data-testid="accept-invitation-form">
      {state.status === "error" ? (
        <Alert tone="error" testId="accept-invitation-error">
          {state.message}
        </Alert>
      ) : null}
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="username" value={email} autoComplete="username" />
      <Field id="invite-password" label="Choose a password" hint="At least 8 characters." errors={errors?.password}>
        {(aria) => (
          <Input
            {...aria}
            name="password"
            type="password"
            autoComplete="new-password"
            autoFocus
            data-testid="invite-password"
          />
        )}
      </Field>
      <Field id="invite-confirm" label="Repeat it" errors={errors?.confirm}>
        {(aria) => (
          <Input {...aria} name="confirm" type="password" autoComplete="new-password" data-testid="invite-confirm" />
        )}
      </Field>
      <Button type="submit" className="w-full" pending={pending} data-testid="invite-submit">
        Set password and sign in
      </Button>
    </form>
  );
}
