import type { Edge, Routine, StepKind, StepOf, ToolDefinition } from "@/lib/routine";

/** Edits one field of the inspected step (the field names the undo entry), through the designer store. */
export type StepUpdate<K extends StepKind> = (field: string, patch: (step: StepOf<K>) => StepOf<K>) => void;

/** What the inspector hands the selected step's kind panel. */
export type InspectorPanelProps<K extends StepKind> = {
  step: StepOf<K>;
  routine: Routine;
  tools: ToolDefinition[];
  update: StepUpdate<K>;
  updateEdge: (id: string, patch: (edge: Edge) => Edge) => void;
};
