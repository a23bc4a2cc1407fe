"use client";

import { useState } from "react";
import { Field, Textarea } from "@/components/ui";
import type { CatalogToolView, FormAction, ToolkitRowView, ToolRefView } from "./actor-types";
import { NamedRecordForm } from "./named-record-form";
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
  return (
    <NamedRecordForm noun="toolkit" record={toolkit} action={action} onSaved={onSaved} onCancel={onCancel}>
      {(errors) => (
        <>
          <input type="hidden" name="tools" value={JSON.stringify(tools)} />
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
        </>
      )}
    </NamedRecordForm>
  );
}
