"use client";

import { useState, type FormEvent } from "react";
import { Alert, Button, Checkbox, Field, Input, Textarea, useFormAction } from "@/components/ui";
import { Select } from "@/components/ui/select";
import { argumentsFromForm, type SchemaField } from "@/lib/tools";
import { ToolResultView } from "./tool-result-view";
import type { TryToolState } from "./tool-types";

type Props = {
  serverId: string;
  toolName: string;
  fields: SchemaField[];
  action: (state: TryToolState, formData: FormData) => Promise<TryToolState>;
};

/**
 * A form generated from the tool's input schema. Values are typed here (numbers, booleans, JSON for nested
 * shapes) and sent as one JSON object; the gateway validates them against the full schema before the call.
 */
export function TryToolForm({ serverId, toolName, fields, action }: Props) {
  const { state, formAction, pending } = useFormAction(action, { status: "idle" });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const prefix = `try-${toolName}`;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = Object.fromEntries(
      fields.map((field) => [field.name, (form.get(`arg:${field.name}`) as string | null) ?? undefined]),
    );
    const typed = argumentsFromForm(fields, values);
    if (!typed.ok) return setFieldErrors(typed.errors);
    setFieldErrors({});
    const payload = new FormData();
    payload.set("serverId", serverId);
    payload.set("toolName", toolName);
    payload.set("arguments", JSON.stringify(typed.args));
    formAction(payload);
  };
  const serverErrors = state.status === "error" ? state.fieldErrors : undefined;

  return (
    <form
      onSubmit={(event) => {
        onSubmit(event);
      }}
      className="space-y-3"
      noValidate
      data-testid={`${prefix}-form`}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {fields.map((field) => {
          const id = `${prefix}-${field.name}`;
          const errors = fieldErrors[field.name] ? [fieldErrors[field.name]!] : serverErrors?.[field.name];
          const name = `arg:${field.name}`;
          if (field.kind === "boolean")
            return (
              <Checkbox
                key={field.name}
                id={id}
                name={name}
                label={field.name}
                description={field.description}
                data-testid={id}
              />
            );
          return (
            <Field
              key={field.name}
              id={id}
              label={
                <>
                  {field.name}
                  {field.required ? <span className="text-danger"> *</span> : null}
                </>
              }
              hint={field.description || field.typeLabel}
              errors={errors}
            >
              {(aria) =>
                field.kind === "enum" ? (
                  <Select {...aria} name={name} defaultValue="" data-testid={id}>
                    <option value="">{field.required ? "Choose…" : "(not set)"}</option>
                    {field.enumValues!.map((value) => (
                      <option key={value} value={value}>
                        {value}
                      </option>
                    ))}
                  </Select>
                ) : field.kind === "json" ? (
                  <Textarea {...aria} name={name} rows={2} mono placeholder={field.typeLabel} data-testid={id} />
                ) : (
                  <Input
                    {...aria}
                    name={name}
                    inputMode={field.kind === "string" ? undefined : "decimal"}
                    autoComplete="off"
                    data-testid={id}
                  />
                )
              }
            </Field>
          );
        })}
      </div>
      <Button type="submit" size="sm" pending={pending} data-testid={`${prefix}-submit`}>
        Call {toolName}
      </Button>
      {state.status === "error" ? (
        <Alert tone="error" testId={`${prefix}-error`}>
          {state.message}
        </Alert>
      ) : null}
      {state.status === "success" && state.data ? (
        <ToolResultView result={state.data} message={state.message} testId={`${prefix}-result`} />
      ) : null}
    </form>
  );
}
