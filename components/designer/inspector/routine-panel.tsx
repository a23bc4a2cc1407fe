"use client";

import { useState } from "react";
import { X } from "lucide-react";
import { Button, Input, Textarea } from "@/components/ui";
import { useDesigner } from "../designer-context";
import { ActorSelect } from "./actor-select";
import { InspectorField } from "./inspector-field";
import { RoutineInputsEditor } from "./routine-inputs-editor";
import type { DesignerStoreState } from "@/lib/stores/designer";

const selectRoutinePanel = (state: DesignerStoreState) => ({
  inputs: state.routine.inputs,
  stages: state.routine.stages,
  renameStage: state.renameStage,
  removeStage: state.removeStage,
  name: state.routine.name,
  description: state.routine.description,
  intents: state.routine.intents,
  actorId: state.routine.actorId,
  canEdit: state.canEdit,
  updateRoutine: state.updateRoutine,
});

/** With nothing selected, the inspector edits the routine itself. */
export function RoutinePanel() {
  const { name, description, intents, actorId, inputs, stages, canEdit, updateRoutine, renameStage, removeStage } =
    useDesigner(selectRoutinePanel);
  // The text is kept as typed (blank lines included); the routine gets the non-empty lines.
  const [intentText, setIntentText] = useState(intents.join("\n"));
  return (
    <fieldset disabled={!canEdit} className="space-y-4 p-4" data-testid="inspector-routine">
      <p className="text-xs text-muted">Select a step to edit it. With nothing selected you edit the routine.</p>
      <InspectorField id="routine-name" label="Routine name">
        <Input
          id="routine-name"
          value={name}
          onChange={(event) => updateRoutine("name", (routine) => ({ ...routine, name: event.target.value }))}
          className="h-9"
        />
      </InspectorField>
      <InspectorField id="routine-description" label="Description">
        <Textarea
          id="routine-description"
          rows={3}
          value={description}
          onChange={(event) =>
            updateRoutine("description", (routine) => ({ ...routine, description: event.target.value }))
          }
        />
      </InspectorField>
      <InspectorField
        id="routine-intents"
        label="Example requests"
        hint="One per line; they help pick this routine for a request."
      >
        <Textarea
          id="routine-intents"
          rows={4}
          value={intentText}
          onChange={(event) => {
            setIntentText(event.target.value);
            const lines = event.target.value
              .split("\n")
              .map((line) => line.trim())
              .filter(Boolean);
            updateRoutine("intents", (routine) => ({ ...routine, intents: lines }));
          }}
        />
      </InspectorField>
      <ActorSelect
        id="routine-actor"
        label="Actor"
        hint="Who runs this routine: its persona opens the executor's prompt, and the routine may call only its toolkit's tools."
        value={actorId}
        onChange={(next) => updateRoutine("actorId", (routine) => ({ ...routine, actorId: next }))}
        noneLabel="None (the configured executor)"
        testId="routine-actor"
      />
      <InspectorField id="routine-inputs" label="Inputs" hint="What a run starts with; steps can bind to them.">
        <RoutineInputsEditor
          inputs={inputs}
          onChange={(next) => updateRoutine("inputs", (routine) => ({ ...routine, inputs: next }))}
        />
      </InspectorField>
      {stages.length > 0 ? (
        <InspectorField id="routine-stages" label="Stages" hint="Removing a stage keeps its steps.">
          <ul className="space-y-1.5" id="routine-stages">
            {stages.map((stage) => (
              <li key={stage.id} className="flex gap-1.5">
                <Input
                  aria-label={`Name of stage ${stage.name}`}
                  value={stage.name}
                  onChange={(event) => renameStage(stage.id, event.target.value)}
                  className="h-8 flex-1 text-xs"
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove stage ${stage.name}`}
                  onClick={() => removeStage(stage.id)}
                >
                  <X className="size-3.5" aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        </InspectorField>
      ) : null}
    </fieldset>
  );
}
