"use client";

import { Alert, Button, Card, CardBody, CardHeader, CopyField, Field, Input, useFormAction } from "@/components/ui";
import type { CreateTokenAction } from "./token-types";

/** Names a new token and shows it once, with a copy button: only its hash is kept, so it cannot be shown again. */
export function CreateTokenForm({ action }: { action: CreateTokenAction }) {
  const { state, formAction, onSubmit, pending } = useFormAction(action, { status: "idle" });
  const errors = state.status === "error" ? state.fieldErrors : undefined;
  return (
    <Card data-testid="create-token">
      <CardHeader
        title="New token"
        description="For another system that starts runs as you. It can do what your roles allow."
      />
      <CardBody>
        <form
          action={formAction}
          onSubmit={onSubmit}
          className="space-y-4"
          noValidate
          key={state.status === "success" ? state.data?.token : "form"}
        >
          {state.status === "error" && !errors?.name ? (
            <Alert tone="error" testId="create-token-error">
              {state.message}
            </Alert>
          ) : null}
          {state.status === "success" && state.data ? (
            <NewToken token={state.data.token} name={state.data.name} />
          ) : null}
          <div className="flex flex-wrap items-end gap-3">
            <div className="min-w-64 flex-1">
              <Field
                id="token-name"
                label="Name"
                hint="What will use it, e.g. “CRM integration”."
                errors={errors?.name}
              >
                {(aria) => <Input {...aria} name="name" autoComplete="off" maxLength={80} data-testid="token-name" />}
              </Field>
            </div>
            <Button type="submit" pending={pending} data-testid="token-create">
              Create token
            </Button>
          </div>
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
