"use client";

import { useState } from "react";
import { Button, Checkbox, Field, Input, Textarea, useFormAction, FormStatus } from "@/components/ui";
import type { ActionState } from "@/lib/forms";
import type { AllowedStdioCommand, ServerFormAction, ToolServerFormValues, ToolServerView } from "./tool-types";

type Props = {
  action: ServerFormAction;
  /**
   * The stdio command lines admins may use (MCP_STDIO_ALLOWLIST) with what each accepts beyond them, shown as a hint
   * and offered as suggestions. The server refuses the rest, beside the field to change.
   */
  allowedCommands: AllowedStdioCommand[];
  /** The server being edited; absent when adding one. */
  server?: ToolServerView;
  onSaved?: () => void;
};

/**
 * Adds or edits a tool server. Secrets are write-only: the form never shows a stored token or environment
 * value; leaving those fields empty on edit keeps what is stored.
 */
export function ServerForm({ action, allowedCommands, server, onSaved }: Props) {
  const { state, formAction, onSubmit, pending } = useFormAction(
    async (previous: ActionState<ToolServerFormValues>, formData: FormData) => {
      const next = await action(previous, formData);
      if (next.status === "success") onSaved?.();
      return next;
    },
    { status: "idle" } as ActionState<ToolServerFormValues>,
  );
  const [transport, setTransport] = useState<"stdio" | "http">(server?.transport ?? "http");
  const errors = state.status === "error" ? state.fieldErrors : undefined;
  // Why the stdio command did not start: from this save, or (before any) the stored server's last failed start.
  const startError =
    state.status === "success"
      ? state.data?.startError
      : state.status === "idle" && server?.transport === "stdio" && server.status === "error"
        ? (server.lastError ?? undefined)
        : undefined;
  const commandErrors = errors?.command ?? (startError ? [startError] : undefined);
  const prefix = server ? `edit-server-${server.id}` : "new-server";
  const commandsId = `${prefix}-commands`;
  return (
    <form action={formAction} onSubmit={onSubmit} className="space-y-4" noValidate data-testid={`${prefix}-form`}>
      <FormStatus
        state={state}
        testId={prefix}
        successTone={state.status === "success" && state.data?.startError ? "warning" : "success"}
      />
      {server ? <input type="hidden" name="serverId" value={server.id} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={`${prefix}-name`}
          label="Name"
          hint="Routines refer to the server by this name, e.g. hr or crm."
          errors={errors?.name}
        >
          {(aria) => (
            <Input
              {...aria}
              name="name"
              defaultValue={server?.name}
              autoComplete="off"
              data-testid={`${prefix}-name`}
            />
          )}
        </Field>
        <Field id={`${prefix}-description`} label="Description" errors={errors?.description}>
          {(aria) => (
            <Input
              {...aria}
              name="description"
              defaultValue={server?.description}
              autoComplete="off"
              data-testid={`${prefix}-description`}
            />
          )}
        </Field>
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-foreground">How does the app reach it?</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          {(["http", "stdio"] as const).map((option) => (
            <label key={option} className="flex items-center gap-2">
              <input
                type="radio"
                name="transport"
                value={option}
                checked={transport === option}
                onChange={() => setTransport(option)}
                data-testid={`${prefix}-transport-${option}`}
                className="accent-[var(--accent)]"
              />
              {option === "http" ? "Streamable HTTP (a URL)" : "stdio (a command the app starts)"}
            </label>
          ))}
        </div>
      </fieldset>
      {transport === "http" ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id={`${prefix}-url`}
            label="URL"
            hint={
              server?.hasUrlCredentials
                ? "The credentials this URL carried (user:password@, ?query) are stored encrypted and kept while the address stays the same."
                : "http:// or https://, e.g. https://mcp.example.com/mcp. Credentials in it (user:password@, ?query) are stored encrypted and never shown."
            }
            errors={errors?.url}
          >
            {(aria) => (
              <Input
                {...aria}
                name="url"
                type="url"
                defaultValue={server?.url ?? ""}
                autoComplete="off"
                data-testid={`${prefix}-url`}
              />
            )}
          </Field>
          <div className="space-y-1">
            <Field
              id={`${prefix}-token`}
              label="Bearer token (optional)"
              hint={
                server?.hasToken
                  ? "A token is stored. Leave empty to keep it; it is removed if the URL changes."
                  : "Stored encrypted; never shown again."
              }
              errors={errors?.bearerToken}
            >
              {(aria) => (
                <Input
                  {...aria}
                  name="bearerToken"
                  type="password"
                  autoComplete="new-password"
                  data-testid={`${prefix}-token`}
                />
              )}
            </Field>
            {server?.hasToken ? (
              <Checkbox id={`${prefix}-clear-token`} name="clearToken" label="Remove the stored token" />
            ) : null}
            {server?.hasUrlCredentials ? (
              <Checkbox
                id={`${prefix}-clear-url-credentials`}
                name="clearUrlCredentials"
                label="Remove the credentials stored from the URL"
              />
            ) : null}
          </div>
        </div>
      ) : (
        <div className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id={`${prefix}-command`}
              label="Command"
              hint={
                <>
                  Allowed command lines, and what each accepts beyond them:
                  {allowedCommands.map(({ line, permits }) => (
                    <span key={line} className="mt-1 block" data-testid={`${prefix}-allowed-command`}>
                      <code className="block w-fit rounded bg-surface-muted px-1 font-mono">{line}</code>
                      <span className="block text-xs">{permits}</span>
                    </span>
                  ))}
                </>
              }
              errors={commandErrors}
            >
              {(aria) => (
                <Input
                  {...aria}
                  name="command"
                  list={commandsId}
                  defaultValue={server?.command ?? ""}
                  autoComplete="off"
                  data-testid={`${prefix}-command`}
                />
              )}
            </Field>
            <datalist id={commandsId}>
              {[...new Set(allowedCommands.map(({ line }) => line.split(/\s+/)[0]))].map((command) => (
                <option key={command} value={command} />
              ))}
            </datalist>
            <Field
              id={`${prefix}-args`}
              label="Arguments"
              hint="One per line, or space-separated on one line: the command line above, then only what it accepts."
              errors={errors?.args}
            >
              {(aria) => (
                <Textarea
                  {...aria}
                  name="args"
                  rows={3}
                  mono
                  defaultValue={server?.args.join("\n") ?? ""}
                  data-testid={`${prefix}-args`}
                />
              )}
            </Field>
          </div>
          <Field
            id={`${prefix}-env`}
            label="Environment (optional)"
            hint={
              server?.envKeys.length
                ? `Stored: ${server.envKeys.join(", ")}. Leave empty to keep them (they are removed if the command or arguments change); enter KEY=value lines to replace them.`
                : "KEY=value, one per line, only the names the command accepts. Stored encrypted."
            }
            errors={errors?.env}
          >
            {(aria) => <Textarea {...aria} name="env" rows={2} mono data-testid={`${prefix}-env`} />}
          </Field>
        </div>
      )}
      <Button type="submit" pending={pending} data-testid={`${prefix}-submit`}>
        {server ? "Save and refresh" : "Add server"}
      </Button>
    </form>
  );
}
