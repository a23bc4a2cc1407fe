"use client";

import { Checkbox, Field, Input, Textarea } from "@/components/ui";
import type { Param } from "@/lib/routine";

/**
 * Form fields for declared parameters (a routine's inputs, a human step's form): text, number, a checkbox for
 * booleans, JSON for objects and lists. Values go to the server as typed text; the DAL converts and checks them
 * against the declaration and answers with per-field errors.
 */
export function ParamFields({
  params,
  prefix,
  errors,
}: {
  params: readonly Param[];
  prefix: string;
  errors?: Record<string, string[]>;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {params.map((param) => {
        const id = `${prefix}-${param.name}`;
        const name = `param:${param.name}`;
        if (param.type === "boolean") {
          return (
            <div key={param.name}>
              <Checkbox
                id={id}
                name={name}
                value="true"
                label={param.name}
                description={param.description}
                data-testid={id}
              />
              {errors?.[param.name] ? (
                <p className="text-xs font-medium text-danger" data-testid={`${id}-error`}>
                  {errors[param.name]!.join(" ")}
                </p>
              ) : null}
            </div>
          );
        }
        const label = (
          <>
            {param.name}
            {param.required ? <span className="text-danger"> *</span> : <span className="text-muted"> (optional)</span>}
          </>
        );
        const hint = [
          param.description,
          param.type === "object" || param.type === "array" ? `JSON ${param.type}` : param.type,
        ]
          .filter(Boolean)
          .join(" · ");
        return (
          <Field key={param.name} id={id} label={label} hint={hint} errors={errors?.[param.name]}>
            {(aria) =>
              param.type === "object" || param.type === "array" ? (
                <Textarea
                  {...aria}
                  name={name}
                  rows={3}
                  mono
                  placeholder={param.type === "array" ? "[]" : "{}"}
                  data-testid={id}
                />
              ) : (
                <Input
                  {...aria}
                  name={name}
                  inputMode={param.type === "string" ? undefined : "decimal"}
                  autoComplete="off"
                  required={param.required}
                  data-testid={id}
                />
              )
            }
          </Field>
        );
      })}
    </div>
  );
}

/** The typed-as-text values of ParamFields in a FormData: every declared field, unchecked booleans as "false". */
export function paramValuesOf(params: readonly Param[], formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const param of params) {
    const raw = formData.get(`param:${param.name}`);
    if (param.type === "boolean") values[param.name] = raw === "true" ? "true" : "false";
    else if (typeof raw === "string" && raw.trim() !== "") values[param.name] = raw;
  }
  return values;
}
