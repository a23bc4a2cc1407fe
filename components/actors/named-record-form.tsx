"use client";

import type { ReactNode } from "react";
import { Alert, Field, FormButtons, Input } from "@/components/ui";
import type { FormAction } from "./actor-types";
import { useSavingForm } from "./use-saving-form";

type Props = {
  /** "toolkit", "actor": the form's texts and test ids (`${noun}-form`, `${noun}-name`, `${noun}-save`) name it. */
  noun: string;
  /** The record edited; null creates one. */
  record: { id: string; name: string } | null;
  action: FormAction;
  /** Told the success message once the server saved. */
  onSaved: (message: string) => void;
  onCancel: () => void;
  /** The fields after the name, given the field errors of the last refusal. */
  children: (errors: Record<string, string[]> | undefined) => ReactNode;
};

/**
 * A named setting's create-or-edit form: the record's id when editing, the refusal, the name, the kind's own fields,
 * then Cancel and save. A refusal keeps what was typed and names the field at fault.
 */
export function NamedRecordForm({ noun, record, action, onSaved, onCancel, children }: Props) {
  const { state, formAction, onSubmit, pending, errors } = useSavingForm(action, onSaved);
  return (
    <form action={formAction} onSubmit={onSubmit} className="space-y-4" noValidate data-testid={`${noun}-form`}>
      {record ? <input type="hidden" name="id" value={record.id} /> : null}
      {state.status === "error" ? (
        <Alert tone="error" title={`The ${noun} was not saved`} testId={`${noun}-form-error`}>
          {state.message}
        </Alert>
      ) : null}
      <Field id={`${noun}-name`} label="Name" errors={errors?.name}>
        {(aria) => (
          <Input
            {...aria}
            name="name"
            maxLength={80}
            required
            defaultValue={record?.name ?? ""}
            data-testid={`${noun}-name`}
          />
        )}
      </Field>
      {children(errors)}
      <FormButtons onCancel={onCancel} pending={pending} submitTestId={`${noun}-save`}>
        {record ? `Save the ${noun}` : `Create the ${noun}`}
      </FormButtons>
    </form>
  );
}
