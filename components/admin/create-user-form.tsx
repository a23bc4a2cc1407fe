"use client";

import { useState } from "react";
import { Alert, Button, Card, CardBody, CardHeader, CopyField, Field, Input, useFormAction } from "@/components/ui";
import type { ActionState } from "@/lib/forms";
import { RoleCheckboxes } from "./role-checkboxes";

type InviteResult = { email: string; inviteUrl: string | null };
type Props = { action: (state: ActionState<InviteResult>, formData: FormData) => Promise<ActionState<InviteResult>> };

/** Invite a user (they choose their password through a link) or create them with a password. */
export function CreateUserForm({ action }: Props) {
  const { state, formAction, onSubmit, pending } = useFormAction(action, { status: "idle" });
  const [signIn, setSignIn] = useState<"invite" | "password">("invite");
  const errors = state.status === "error" ? state.fieldErrors : undefined;
  return (
    <Card data-testid="create-user">
      <CardHeader title="Add a user" description="Choose their roles; they can hold several." />
      <CardBody>
        {/* key: a fresh form after each success, so the next user starts blank */}
        <form
          action={formAction}
          onSubmit={onSubmit}
          className="space-y-4"
          noValidate
          key={state.status === "success" ? state.message : "form"}
        >
          {state.status === "error" ? (
            <Alert tone="error" testId="create-user-error">
              {state.message}
            </Alert>
          ) : null}
          {state.status === "success" ? (
            <Alert tone="success" testId="create-user-success">
              {state.message}
              {state.data?.inviteUrl ? (
                <CopyField value={state.data.inviteUrl} label="Invitation link" testId="invite-link" />
              ) : null}
            </Alert>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="new-user-name" label="Name" errors={errors?.name}>
              {(aria) => <Input {...aria} name="name" autoComplete="off" data-testid="new-user-name" />}
            </Field>
            <Field id="new-user-email" label="Email" errors={errors?.email}>
              {(aria) => <Input {...aria} name="email" type="email" autoComplete="off" data-testid="new-user-email" />}
            </Field>
          </div>
          <fieldset className="space-y-1">
            <legend className="text-sm font-medium text-foreground">Roles</legend>
            <RoleCheckboxes idPrefix="new-user-role" />
            {errors?.roles ? (
              <p className="text-xs font-medium text-danger" data-testid="new-user-roles-error">
                {errors.roles.join(" ")}
              </p>
            ) : null}
          </fieldset>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-foreground">How will they sign in?</legend>
            <div className="flex flex-wrap gap-4 text-sm">
              {(["invite", "password"] as const).map((option) => (
                <label key={option} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="signIn"
                    value={option}
                    checked={signIn === option}
                    onChange={() => setSignIn(option)}
                    data-testid={`new-user-signin-${option}`}
                    className="accent-[var(--accent)]"
                  />
                  {option === "invite" ? "Invitation link (they choose a password)" : "Set a password now"}
                </label>
              ))}
            </div>
            {signIn === "password" ? (
              <Field
                id="new-user-password"
                label="Initial password"
                hint="At least 8 characters. Share it with them privately."
                errors={errors?.password}
              >
                {(aria) => (
                  <Input
                    {...aria}
                    name="password"
                    type="password"
                    autoComplete="new-password"
                    data-testid="new-user-password"
                  />
                )}
              </Field>
            ) : null}
          </fieldset>
          <Button type="submit" pending={pending} data-testid="new-user-submit">
            {signIn === "invite" ? "Invite user" : "Create user"}
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
