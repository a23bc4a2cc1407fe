"use client";

import { InstructionField } from "./instruction-field";
import type { InspectorPanelProps } from "./step-panel-props";

/** A human step: what the operator is asked. */
export function HumanStepPanel({ step, update }: InspectorPanelProps<"human">) {
  return (
    <InstructionField
      label="What the operator is asked"
      hint="With no form fields, the operator approves or rejects."
      value={step.instruction}
      onChange={(instruction) => update("instruction", (current) => ({ ...current, instruction }))}
    />
  );
}
