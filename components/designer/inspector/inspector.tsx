"use client";

import { Copy, Trash2 } from "lucide-react";
import { createElement } from "react";
import { Button, Input, Textarea } from "@/components/ui";
import { selectStep, type DesignerStoreState } from "@/lib/stores/designer";
import { useDesigner } from "../designer-context";
import { STEP_KIND_LOOKS } from "@/components/step-kinds";
import { InspectorField } from "./inspector-field";
import { RoutinePanel } from "./routine-panel";
import { StageSelect } from "./stage-select";
import { stepKindPanel } from "./step-kind-panels";
import type { ToolDefinition, Step } from "@/lib/routine";

const selectSelectedStepIds = (state: DesignerStoreState) => state.selectedStepIds;
const selectMultiSelection = (state: DesignerStoreState) => ({
  duplicateSelection: state.duplicateSelection,
  deleteSelection: state.deleteSelection,
  canEdit: state.canEdit,
});
const selectStepInspector = (state: DesignerStoreState, stepId: string) => ({
  step: selectStep(state, stepId),
  routine: state.routine,
  canEdit: state.canEdit,
  updateStep: state.updateStep,
  updateEdge: state.updateEdge,
});

/** The right-hand editor of the selected step (or of the routine itself when nothing is selected). */
export function Inspector({ tools }: { tools: ToolDefinition[] }) {
  const selected = useDesigner(selectSelectedStepIds);
  if (selected.length === 0) return <RoutinePanel />;
  if (selected.length > 1) return <MultiSelection stepIds={selected} />;
  return <StepInspector key={selected[0]} stepId={selected[0]} tools={tools} />;
}

function MultiSelection({ stepIds }: { stepIds: string[] }) {
  const count = stepIds.length;
  const { duplicateSelection, deleteSelection, canEdit } = useDesigner(selectMultiSelection);
  return (
    <div className="space-y-3 p-4" data-testid="inspector-multi">
      <p className="text-sm text-foreground">{count} steps selected</p>
      {canEdit ? <StageSelect stepIds={stepIds} current={undefined} /> : null}
      {canEdit ? (
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" onClick={duplicateSelection}>
            <Copy className="size-3.5" aria-hidden="true" /> Duplicate
          </Button>
          <Button variant="danger" size="sm" onClick={deleteSelection}>
            <Trash2 className="size-3.5" aria-hidden="true" /> Delete
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function StepInspector({ stepId, tools }: { stepId: string; tools: ToolDefinition[] }) {
  const { step, routine, canEdit, updateStep, updateEdge } = useDesigner((state) => selectStepInspector(state, stepId));
  if (!step) return null;
  const update = <S extends Step>(field: string, patch: (current: S) => S) =>
    updateStep(stepId, field, (current) => patch(current as S));
  const look = STEP_KIND_LOOKS[step.kind];
  return (
    <fieldset disabled={!canEdit} className="space-y-4 p-4" data-testid="inspector" data-step-id={stepId}>
      <p className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-muted">
        <look.icon className={`size-3.5 ${look.accent}`} aria-hidden="true" /> {look.label} step
      </p>
      <InspectorField id="step-name" label="Name">
        <Input
          id="step-name"
          value={step.name}
          data-testid="inspector-name"
          onChange={(event) => update("name", (current) => ({ ...current, name: event.target.value }))}
          className="h-9"
        />
      </InspectorField>
      <InspectorField id="step-description" label="Description">
        <Textarea
          id="step-description"
          rows={3}
          value={step.description}
          data-testid="inspector-description"
          onChange={(event) => update("description", (current) => ({ ...current, description: event.target.value }))}
        />
      </InspectorField>
      <StageSelect stepIds={[stepId]} current={step.stageId} />
      {/* The kind's own fields: one fixed panel component per kind (./step-kind-panels.ts). */}
      {createElement(stepKindPanel(step), { step, routine, tools, update, updateEdge })}
    </fieldset>
  );
}
