"use client";

import { useRef } from "react";
import { Button, Card, CardBody, CardHeader, Checkbox, Field, Input, useFormAction, FormStatus } from "@/components/ui";
import type { ActionState } from "@/lib/forms";
import type { ModelSettingsFormView } from "./model-types";
import { RoleFields } from "./role-fields";

type Props = {
  action: (state: ActionState, formData: FormData) => Promise<ActionState>;
  view: ModelSettingsFormView;
};

function apiKeyHint(view: ModelSettingsFormView): string {
  if (!view.hasApiKey)
    return "Stored encrypted and never shown again. Leave empty for servers that need none (Ollama, LM Studio, vLLM).";
  return view.source === "environment"
    ? "A key is set in OPENAI_API_KEY. Leave empty to keep it."
    : "A key is saved. Leave empty to keep it; enter a new one to replace it.";
}

/**
 * The endpoint and the per-role models. The API key is write-only: the field is never filled in, and is emptied
 * again after a save, so the key never travels back to the browser.
 */
export function ModelSettingsForm({ action, view }: Props) {
  const apiKeyRef = useRef<HTMLInputElement>(null);
  const clearRef = useRef<HTMLInputElement>(null);
  const { state, formAction, onSubmit, pending } = useFormAction(
    async (previous: ActionState, formData: FormData) => {
      const next = await action(previous, formData);
      if (next.status === "success") {
        if (apiKeyRef.current) apiKeyRef.current.value = "";
        if (clearRef.current) clearRef.current.checked = false;
      }
      return next;
    },
    { status: "idle" },
  );
  const errors = state.status === "error" ? state.fieldErrors : undefined;
  return (
    <Card>
      <CardHeader
        title="Endpoint and models"
        description="One OpenAI-compatible API (OpenAI, Azure OpenAI, vLLM, Ollama, LM Studio…) serves every role."
      />
      <CardBody>
        <form action={formAction} onSubmit={onSubmit} className="space-y-5" noValidate data-testid="models-form">
          <FormStatus state={state} testId="models-form" />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id="models-baseUrl"
              label="Base URL"
              hint={
                <>
                  Usually ends in /v1: https://api.openai.com/v1, https://&lt;resource&gt;.openai.azure.com/openai/v1,
                  http://localhost:11434/v1 (Ollama), http://localhost:1234/v1 (LM Studio).{" "}
                  {view.hasUrlCredentials
                    ? "The credentials this URL carries (user:password@, ?query) are stored encrypted and kept while the address stays the same."
                    : "Credentials in the URL (user:password@, ?query) are stored encrypted and never shown."}{" "}
                  Changing the address removes the saved key unless you enter one with it.
                </>
              }
              errors={errors?.baseUrl}
            >
              {(aria) => (
                <Input
                  {...aria}
                  name="baseUrl"
                  type="url"
                  defaultValue={view.baseUrl}
                  autoComplete="off"
                  placeholder="https://api.openai.com/v1"
                  data-testid="models-baseUrl"
                />
              )}
            </Field>
            <div className="space-y-1">
              <Field
                id="models-apiKey"
                label="API key"
                hint={<span data-testid="models-apiKey-status">{apiKeyHint(view)}</span>}
                errors={errors?.apiKey}
              >
                {(aria) => (
                  <Input
                    {...aria}
                    ref={apiKeyRef}
                    name="apiKey"
                    type="password"
                    autoComplete="new-password"
                    defaultValue=""
                    data-testid="models-apiKey"
                  />
                )}
              </Field>
              {view.hasApiKey ? (
                <Checkbox
                  ref={clearRef}
                  id="models-clearApiKey"
                  name="clearApiKey"
                  label="Remove the saved key"
                  data-testid="models-clearApiKey"
                />
              ) : null}
            </div>
          </div>
          <div className="space-y-4">
            {view.roles.map((role) => (
              <RoleFields key={role.role} role={role} errors={errors} source={view.source} />
            ))}
          </div>
          <Button type="submit" pending={pending} data-testid="models-save">
            Save
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
