"use client";

import { Textarea } from "@/components/ui";
import { InspectorField } from "./inspector-field";

type Props = { label: string; hint: string; value: string; onChange: (instruction: string) => void };

/** The instruction of a step that has one (skill, human): a labelled text area. */
export function InstructionField({ label, hint, value, onChange }: Props) {
  return (
    <InspectorField id="step-instruction" label={label} hint={hint}>
      <Textarea id="step-instruction" rows={4} value={value} onChange={(event) => onChange(event.target.value)} />
    </InspectorField>
  );
}
