"use client";

import { Alert, Button, Card, CardBody, CardHeader, CopyField, Field, Input, useFormAction } from "@/components/ui";
import type { TokenScope } from "@/lib/access";
import { TokenExpiryField, TokenScopeFields } from "./token-scope-fields";
import type { CreateTokenAction } from "./token-types";

/**
 * Names a new token, chooses what it may do (among the scopes the viewer's roles allow) and when it expires, and shows
 * it once, with a copy button: only its hash is kept, so it cannot be shown again.
 */
export function CreateTokenForm({ action, allowedScopes }: { action: CreateTokenAction; allowedScopes: TokenScope[] }) {
  const { state, formAction, onSubmit, pending } = useFormAction(action, { status: "idle" });
  if (allowedScopes.length === 0) {
    return (
      <Alert tone="info" title="No API access with your roles" testId="create-token-none">
        API tokens start and read runs, or export training data; your roles allow none of these. An admin can give you a
        role that does.
      </Alert>
    );
  }
  const errors = state.status === "error" ? state.fieldErrors : undefined;
  const inlineErrors = Boolean(errors?.name ?? errors?.scopes ?? errors?.expiresInDays);
  return (
    <Card data-testid="create-token">
      <CardHeader
        title="New token"
        description="For another system that works with Routine Studio as you, within the scopes you choose."
      />
      <CardBody>
        <form
          action={formAction}
          onSubmit={onSubmit}
          className="space-y-4"
          noValidate
          key={state.status === "success" ? state.data?.token : "form"}
        >
          {state.status === "error" && !inlineErrors ? (
            <Alert tone="error" testId="create-token-error">
              {state.message}
            </Alert>
          ) : null}
          {state.status === "success" && state.data ? (
            <NewToken token={state.data.token} name={state.data.name} />
          ) : null}
          <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
            <Field id="token-name" label="Name" hint="What will use it, e.g. “CRM integration”." errors={errors?.name}>
              {(aria) => <Input {...aria} name="name" autoComplete="off" maxLength={80} data-testid="token-name" />}
            </Field>
            <TokenExpiryField errors={errors?.expiresInDays} />
          </div>
          <TokenScopeFields allowed={allowedScopes} errors={errors?.scopes} />
          <Button type="submit" pending={pending} data-testid="token-create">
            Create token
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}

function NewToken({ token, name }: { token: string; name: string }) {
  return (
    <Alert tone="success" title={`Token “${name}” created`} testId="token-created">
      <p>
        Copy it now: it is shown only this once. Send it as{" "}
        <code className="font-mono">Authorization: Bearer &lt;token&gt;</code>.
      </p>
      <CopyField value={token} label="The new API token" testId="token-value" copyTestId="token-copy" />
    </Alert>
  );
}
