import { ROUTINE_SCHEMA_VERSION, type Routine, type Step } from "../../../routine";
import { createDesignerStore } from "../designer-store";

export function skill(id: string, x: number, stageId?: string): Step {
  return {
    id,
    kind: "skill",
    name: id.toUpperCase(),
    description: "",
    instruction: "",
    inputs: {},
    outputs: [],
    position: { x, y: 0 },
    stageId,
  };
}

/** Three skills leading to the end, the first two in stage `st1`. */
export function threeSteps(): Routine {
  return {
    schemaVersion: ROUTINE_SCHEMA_VERSION,
    id: "r1",
    name: "Three steps",
    description: "",
    intents: [],
    inputs: [],
    steps: [
      skill("a", 0, "st1"),
      skill("b", 300, "st1"),
      skill("c", 600),
      { id: "end", kind: "end", name: "Done", description: "", position: { x: 900, y: 0 } },
    ],
    edges: [
      { id: "e1", source: "a", target: "b" },
      { id: "e2", source: "b", target: "c" },
      { id: "e3", source: "c", target: "end" },
    ],
    stages: [{ id: "st1", name: "Gather", description: "" }],
  };
}

export const designerFor = (routine = threeSteps(), canEdit = true) =>
  createDesignerStore({ routineId: routine.id, routine, revision: 1, canEdit });
