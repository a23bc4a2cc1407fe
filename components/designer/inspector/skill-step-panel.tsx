"use client";

import { InspectorField, InspectorSection } from "./inspector-field";
import { InstructionField } from "./instruction-field";
import { OutputsEditor } from "./outputs-editor";
import { Textarea } from "@/components/ui";
import type { InspectorPanelProps } from "./step-panel-props";

/** A skill step: what the model thinks about or writes, what it returns, and when it is done. */
export function SkillStepPanel({ step, update }: InspectorPanelProps<"skill">) {
  return (
    <>
      <InstructionField
        label="Instruction"
        hint="What the model should think about or write, with no tool."
        value={step.instruction}
        onChange={(instruction) => update("instruction", (current) => ({ ...current, instruction }))}
      />
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
