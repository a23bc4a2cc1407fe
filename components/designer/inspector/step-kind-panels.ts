import type { ComponentType } from "react";
import type { Step, StepKind } from "@/lib/routine";
import { BranchStepPanel } from "./branch-step-panel";
import { EndStepPanel } from "./end-step-panel";
import { HumanStepPanel } from "./human-step-panel";
import type { InspectorPanelProps } from "./step-panel-props";
import { SubRoutineStepPanel } from "./routine-step-panel";
import { SkillStepPanel } from "./skill-step-panel";
import { ToolStepPanel } from "./tool-step-panel";

/** Each step kind's own fields in the inspector, below the name, description and stage every step has. */
export const STEP_KIND_PANELS: { readonly [K in StepKind]: ComponentType<InspectorPanelProps<K>> } = {
  tool: ToolStepPanel,
  skill: SkillStepPanel,
  branch: BranchStepPanel,
  human: HumanStepPanel,
  routine: SubRoutineStepPanel,
  end: EndStepPanel,
};

/** The panel of the step's own kind. */
export function stepKindPanel(step: Step): ComponentType<InspectorPanelProps<StepKind>> {
  return STEP_KIND_PANELS[step.kind] as ComponentType<InspectorPanelProps<StepKind>>;
}

export type { InspectorPanelProps, StepUpdate } from "./step-panel-props";
