"use client";

import { ActorSelect } from "./actor-select";
import { InspectorField } from "./inspector-field";
import { Input } from "@/components/ui";
import type { InspectorPanelProps } from "./step-panel-props";

/** A sub-routine step: which published routine it runs, and who runs it. */
export function SubRoutineStepPanel({ step, update }: InspectorPanelProps<"routine">) {
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
