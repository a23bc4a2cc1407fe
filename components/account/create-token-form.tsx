"use client";

import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { Alert, Button, Card, CardBody, CardHeader, Field, Input, useFormAction } from "@/components/ui";
import type { CreateTokenAction } from "./token-types";

/** Names a new token and shows it once, with a copy button: only its hash is kept, so it cannot be shown again. */
export function CreateTokenForm({ action }: { action: CreateTokenAction }) {
  const { state, formAction, onSubmit, pending } = useFormAction(action, { status: "idle" });
  const errors = state.status === "error" ? state.fieldErrors : undefined;
  return (
    <Card data-testid="create-token">
      <CardHeader title="New token" description="For another system that starts runs as you. It can do what your roles allow." />
      <CardBody>
        <form action={formAction} onSubmit={onSubmit} className="space-y-4" noValidate key={state.status === "success" ? state.data?.token : "form"}>
          {state.status === "error" && !errors?.name ? <Alert tone="error" testId="create-token-error">{state.message}</Alert> : null}
          {state.status === "success" && state.data ? <NewToken token={state.data.token} name={state.data.name} /> : null}
          <div className="flex flex-wrap items-end gap-3">
            <div className="min-w-64 flex-1">
              <Field id="token-name" label="Name" hint="What will use it, e.g. “CRM integration”." errors={errors?.name}>
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
  const [copied, setCopied] = useState(false);
  return (
    <Alert tone="success" title={`Token “${name}” created`} testId="token-created">
      <p>Copy it now: it is shown only this once. Send it as <code className="font-mono">Authorization: Bearer &lt;token&gt;</code>.</p>
      <div className="mt-2 flex items-center gap-2">
        <input
          readOnly
          value={token}
          aria-label="The new API token"
          data-testid="token-value"
          onFocus={(event) => event.currentTarget.select()}
          className="h-8 min-w-0 flex-1 rounded-md border border-border bg-surface px-2 font-mono text-xs text-foreground"
        />
        <Button
          type="button"
          variant="secondary"
          size="sm"
          data-testid="token-copy"
          onClick={async () => {
            await navigator.clipboard?.writeText(token).catch(() => undefined);
            setCopied(true);
          }}
        >
          {copied ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
          {copied ? "Copied" : "Copy"}
        </Button>
      </div>
    </Alert>
  );
}
