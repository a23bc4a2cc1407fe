"use client";

import { Field, Input, Textarea } from "@/components/ui";
import { Select } from "@/components/ui/select";
import type { ActorRowView, FormAction, ToolkitRowView } from "./actor-types";
import { NamedRecordForm } from "./named-record-form";

type Props = {
  /** The actor edited; null creates one. */
  actor: ActorRowView | null;
  toolkits: ToolkitRowView[];
  action: FormAction;
  onSaved: (message: string) => void;
  onCancel: () => void;
};

/** An actor profile's name, persona, toolkit and executor model. A refusal keeps what was typed. */
export function ActorForm({ actor, toolkits, action, onSaved, onCancel }: Props) {
  return (
    <NamedRecordForm noun="actor" record={actor} action={action} onSaved={onSaved} onCancel={onCancel}>
      {(errors) => (
        <>
          <Field
            id="actor-persona"
            label="Persona"
            hint="Who the executor works as: its role, manner and limits. It opens the executor's prompt."
            errors={errors?.persona}
          >
            {(aria) => (
              <Textarea
                {...aria}
                name="persona"
                rows={5}
                maxLength={4000}
                defaultValue={actor?.persona ?? ""}
                data-testid="actor-persona"
              />
            )}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id="actor-toolkit"
              label="Toolkit"
              hint="The only tools this actor may call."
              errors={errors?.toolkitId}
            >
              {(aria) => (
                <Select
                  {...aria}
                  name="toolkitId"
                  required
                  defaultValue={actor?.toolkitId ?? toolkits[0]?.id ?? ""}
                  data-testid="actor-toolkit"
                >
                  {toolkits.map((toolkit) => (
                    <option key={toolkit.id} value={toolkit.id}>
                      {toolkit.name} ({toolkit.tools.length} tool{toolkit.tools.length === 1 ? "" : "s"})
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field id="actor-model" label="Executor model (empty: the configured one)" errors={errors?.model}>
              {(aria) => (
                <Input
                  {...aria}
                  name="model"
                  maxLength={200}
                  defaultValue={actor?.model ?? ""}
                  placeholder="the executor's configured model"
                  data-testid="actor-model"
                />
              )}
            </Field>
          </div>
        </>
      )}
    </NamedRecordForm>
  );
}
