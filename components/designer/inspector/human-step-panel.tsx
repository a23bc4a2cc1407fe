"use client";

import { InspectorField } from "./inspector-field";
import { Textarea } from "@/components/ui";
import type { InspectorPanelProps } from "./step-panel-props";

/** A human step: what the operator is asked. */
export function HumanStepPanel({ step, update }: InspectorPanelProps<"human">) {
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
