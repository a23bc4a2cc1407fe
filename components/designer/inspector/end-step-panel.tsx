"use client";

import { InspectorField } from "./inspector-field";
import { Textarea } from "@/components/ui";
import type { InspectorPanelProps } from "./step-panel-props";

/** An end step: what has been achieved when the routine ends here. */
export function EndStepPanel({ step, update }: InspectorPanelProps<"end">) {
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
