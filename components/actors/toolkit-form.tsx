"use client";

import { useState } from "react";
import { Alert, Field, FormButtons, Input, Textarea } from "@/components/ui";
import { useSavingForm } from "./use-saving-form";
import type { CatalogToolView, FormAction, ToolkitRowView, ToolRefView } from "./actor-types";
import { ToolChecklist } from "./tool-checklist";

type Props = {
  /** The toolkit edited; null creates one. */
  toolkit: ToolkitRowView | null;
  catalog: CatalogToolView[];
  action: FormAction;
  /** Told the success message once the server saved. */
  onSaved: (message: string) => void;
  onCancel: () => void;
};

/** A toolkit's name, description and tools. A refusal keeps what was typed and names the field at fault. */
export function ToolkitForm({ toolkit, catalog, action, onSaved, onCancel }: Props) {
  const [tools, setTools] = useState<ToolRefView[]>(toolkit?.tools ?? []);
  const { state, formAction, onSubmit, pending, errors } = useSavingForm(action, onSaved);
  return (
    <form action={formAction} onSubmit={onSubmit} className="space-y-4" noValidate data-testid="toolkit-form">
      {toolkit ? <input type="hidden" name="id" value={toolkit.id} /> : null}
      <input type="hidden" name="tools" value={JSON.stringify(tools)} />
      {state.status === "error" ? (
        <Alert tone="error" title="The toolkit was not saved" testId="toolkit-form-error">
          {state.message}
        </Alert>
      ) : null}
      <Field id="toolkit-name" label="Name" errors={errors?.name}>
        {(aria) => (
          <Input
            {...aria}
            name="name"
            maxLength={80}
            required
            defaultValue={toolkit?.name ?? ""}
            data-testid="toolkit-name"
          />
        )}
      </Field>
      <Field
        id="toolkit-description"
        label="Description"
        hint="Optional: what work it is for."
        errors={errors?.description}
      >
        {(aria) => (
          <Textarea
            {...aria}
            name="description"
            rows={2}
            maxLength={1000}
            defaultValue={toolkit?.description ?? ""}
            data-testid="toolkit-description"
          />
        )}
      </Field>
      <fieldset className="space-y-1.5">
        <legend className="text-sm font-medium text-foreground">Tools</legend>
        <ToolChecklist
          catalog={catalog}
          selected={tools}
          onChange={setTools}
          errorId={errors?.tools ? "toolkit-tools-error" : undefined}
        />
        {errors?.tools ? (
          <p id="toolkit-tools-error" className="text-xs font-medium text-danger" data-testid="toolkit-tools-error">
            {errors.tools.join(" ")}
          </p>
        ) : null}
      </fieldset>
      <FormButtons onCancel={onCancel} pending={pending} submitTestId="toolkit-save">
        {toolkit ? "Save the toolkit" : "Create the toolkit"}
      </FormButtons>
    </form>
  );
}
