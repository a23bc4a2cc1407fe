"use client";

import { Alert, Field, FormButtons, Input, Textarea } from "@/components/ui";
import { Select } from "@/components/ui/select";
import { useSavingForm } from "./use-saving-form";
import type { ActorRowView, FormAction, ToolkitRowView } from "./actor-types";

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
  const { state, formAction, onSubmit, pending, errors } = useSavingForm(action, onSaved);
  return (
    <form action={formAction} onSubmit={onSubmit} className="space-y-4" noValidate data-testid="actor-form">
      {actor ? <input type="hidden" name="id" value={actor.id} /> : null}
      {state.status === "error" ? (
        <Alert tone="error" title="The actor was not saved" testId="actor-form-error">
          {state.message}
        </Alert>
      ) : null}
      <Field id="actor-name" label="Name" errors={errors?.name}>
        {(aria) => (
          <Input
            {...aria}
            name="name"
            maxLength={80}
            required
            defaultValue={actor?.name ?? ""}
            data-testid="actor-name"
          />
        )}
      </Field>
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
        <Field id="actor-toolkit" label="Toolkit" hint="The only tools this actor may call." errors={errors?.toolkitId}>
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
      <FormButtons onCancel={onCancel} pending={pending} submitTestId="actor-save">
        {actor ? "Save the actor" : "Create the actor"}
      </FormButtons>
    </form>
  );
}
