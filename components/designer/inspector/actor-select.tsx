"use client";

import { Select } from "@/components/ui/select";
import { useDesignerActors } from "../designer-context";
import { InspectorField } from "./inspector-field";

type Props = {
  id: string;
  label: string;
  hint: string;
  /** The chosen actor's id; undefined: none. */
  value: string | undefined;
  onChange: (actorId: string | undefined) => void;
  /** What "none" means here: the routine's own executor, or the child routine's own actor. */
  noneLabel: string;
  testId: string;
};

/**
 * Picks an actor profile, or none. An actor the list no longer holds (deleted since) stays selected as "unknown", so
 * nothing changes behind the author's back; validation reports it.
 */
export function ActorSelect({ id, label, hint, value, onChange, noneLabel, testId }: Props) {
  const actors = useDesignerActors();
  const chosen = actors.find((actor) => actor.id === value);
  return (
    <InspectorField id={id} label={label} hint={hint}>
      <Select
        id={id}
        value={value ?? ""}
        onChange={(event) => onChange(event.target.value || undefined)}
        className="h-8 text-xs"
        data-testid={testId}
      >
        <option value="">{noneLabel}</option>
        {value !== undefined && !chosen ? <option value={value}>Unknown actor ({value})</option> : null}
        {actors.map((actor) => (
          <option key={actor.id} value={actor.id}>
            {actor.name}
          </option>
        ))}
      </Select>
      {chosen ? (
        <p className="text-xs text-muted" data-testid={`${testId}-toolkit`}>
          Toolkit “{chosen.toolkitName}”: {chosen.tools.length} tool{chosen.tools.length === 1 ? "" : "s"}
        </p>
      ) : null}
    </InspectorField>
  );
}
