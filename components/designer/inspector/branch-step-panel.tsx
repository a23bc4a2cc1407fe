"use client";

import { InspectorField, InspectorSection } from "./inspector-field";
import { Input } from "@/components/ui";
import type { InspectorPanelProps } from "./step-panel-props";

/** A branch's ways out, each with the condition that sends the run along it. */
export function BranchStepPanel({ step, routine, updateEdge }: InspectorPanelProps<"branch">) {
  const outgoing = routine.edges.filter((edge) => edge.source === step.id);
  const nameOf = (id: string) => routine.steps.find((candidate) => candidate.id === id)?.name ?? id;
  return (
    <InspectorSection title="Conditions">
      {outgoing.length === 0 ? (
        <p className="text-xs text-muted">Drag from the dashed handle on the node to another step to add a way out.</p>
      ) : null}
      {outgoing.map((edge) => (
        <InspectorField key={edge.id} id={`condition-${edge.id}`} label={`→ ${nameOf(edge.target)}`}>
          <Input
            id={`condition-${edge.id}`}
            value={edge.condition?.label ?? ""}
            placeholder="If …"
            data-testid={`condition-${edge.id}`}
            onChange={(event) =>
              updateEdge(edge.id, (current) => ({
                ...current,
                condition: { ...current.condition, label: event.target.value },
              }))
            }
            className="h-8"
          />
        </InspectorField>
      ))}
    </InspectorSection>
  );
}
