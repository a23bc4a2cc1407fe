"use client";

import { Select } from "@/components/ui/select";
import { useDesigner } from "../designer-context";
import { InspectorField } from "./inspector-field";
import type { DesignerStoreState } from "@/lib/stores/designer";

const NEW_STAGE = "__new__";

const selectStages = (state: DesignerStoreState) => ({ stages: state.routine.stages, assignStage: state.assignStage });

/** Which stage the selected steps belong to; stages group steps on the canvas (run → stage → step). */
export function StageSelect({ stepIds, current }: { stepIds: string[]; current: string | undefined }) {
  const { stages, assignStage } = useDesigner(selectStages);
  return (
    <InspectorField id="step-stage" label="Stage">
      <Select
        id="step-stage"
        value={current ?? ""}
        data-testid="inspector-stage"
        onChange={(event) => {
          const value = event.target.value;
          if (value === NEW_STAGE) assignStage(stepIds, undefined, `Stage ${stages.length + 1}`);
          else assignStage(stepIds, value || undefined);
        }}
      >
        <option value="">No stage</option>
        {stages.map((stage) => (
          <option key={stage.id} value={stage.id}>
            {stage.name}
          </option>
        ))}
        <option value={NEW_STAGE}>+ New stage</option>
      </Select>
    </InspectorField>
  );
}
