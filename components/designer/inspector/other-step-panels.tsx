"use client";

import { Input, Textarea } from "@/components/ui";
import { ActorSelect } from "./actor-select";
import { InspectorField, InspectorSection } from "./inspector-field";
import { OutputsEditor } from "./outputs-editor";
import type { Edge, Routine, StepOf } from "@/lib/routine";

type Update<K extends "skill" | "human" | "routine" | "end"> = (
  field: string,
  patch: (step: StepOf<K>) => StepOf<K>,
) => void;

export function SkillStepPanel({ step, update }: { step: StepOf<"skill">; update: Update<"skill"> }) {
  return (
    <>
      <InspectorField
        id="step-instruction"
        label="Instruction"
        hint="What the model should think about or write, with no tool."
      >
        <Textarea
          id="step-instruction"
          rows={4}
          value={step.instruction}
          onChange={(event) => update("instruction", (current) => ({ ...current, instruction: event.target.value }))}
        />
      </InspectorField>
      <InspectorSection title="Outputs">
        <OutputsEditor
          outputs={step.outputs}
          onChange={(outputs) => update("outputs", (current) => ({ ...current, outputs }))}
        />
      </InspectorSection>
      <InspectorField id="step-completion" label="Done when">
        <Textarea
          id="step-completion"
          rows={2}
          value={step.completion ?? ""}
          onChange={(event) =>
            update("completion", (current) => ({ ...current, completion: event.target.value || undefined }))
          }
        />
      </InspectorField>
    </>
  );
}

export function HumanStepPanel({ step, update }: { step: StepOf<"human">; update: Update<"human"> }) {
  return (
    <InspectorField
      id="step-instruction"
      label="What the operator is asked"
      hint="With no form fields, the operator approves or rejects."
    >
      <Textarea
        id="step-instruction"
        rows={4}
        value={step.instruction}
        onChange={(event) => update("instruction", (current) => ({ ...current, instruction: event.target.value }))}
      />
    </InspectorField>
  );
}

export function SubRoutinePanel({ step, update }: { step: StepOf<"routine">; update: Update<"routine"> }) {
  return (
    <>
      <InspectorField id="step-routine" label="Routine id" hint="The published routine this step runs.">
        <Input
          id="step-routine"
          value={step.routineId}
          onChange={(event) =>
            update("routineId", (current) => ({
              ...current,
              routineId: event.target.value.replace(/[^A-Za-z0-9_-]/g, "") || current.routineId,
            }))
          }
          className="h-8 font-mono text-xs"
        />
      </InspectorField>
      <ActorSelect
        id="step-actor"
        label="Actor"
        hint="Who runs the sub-routine, instead of the actor its own routine names."
        value={step.actorId}
        onChange={(actorId) => update("actorId", (current) => ({ ...current, actorId }))}
        noneLabel="The sub-routine's own actor"
        testId="step-actor"
      />
    </>
  );
}

export function EndStepPanel({ step, update }: { step: StepOf<"end">; update: Update<"end"> }) {
  return (
    <InspectorField id="step-outcome" label="Outcome" hint="What has been achieved when the routine ends here.">
      <Textarea
        id="step-outcome"
        rows={2}
        value={step.outcome ?? ""}
        onChange={(event) => update("outcome", (current) => ({ ...current, outcome: event.target.value || undefined }))}
      />
    </InspectorField>
  );
}

/** A branch's ways out, each with the condition that sends the run along it. */
export function BranchPanel({
  stepId,
  routine,
  updateEdge,
}: {
  stepId: string;
  routine: Routine;
  updateEdge: (id: string, patch: (edge: Edge) => Edge) => void;
}) {
  const outgoing = routine.edges.filter((edge) => edge.source === stepId);
  const nameOf = (id: string) => routine.steps.find((step) => step.id === id)?.name ?? id;
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
