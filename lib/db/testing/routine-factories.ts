import { ROUTINE_SCHEMA_VERSION, type Routine, type Step } from "../../routine";

/** A small valid routine: one skill step, then the end. */
export function makeRoutine(overrides: Partial<Routine> = {}): Routine {
  return {
    schemaVersion: ROUTINE_SCHEMA_VERSION,
    id: "draft",
    name: "Summarize a ticket",
    description: "Reads a support ticket and writes a summary.",
    intents: ["summarize ticket 42"],
    inputs: [{ name: "ticket", description: "The ticket text", type: "string", required: true }],
    steps: [
      makeStep({ id: "summarize", name: "Summarize" }),
      { id: "done", kind: "end", name: "Done", description: "" },
    ],
    edges: [{ id: "e1", source: "summarize", target: "done" }],
    stages: [],
    ...overrides,
  };
}

/** A skill step with sensible defaults. */
export function makeStep(overrides: Partial<Extract<Step, { kind: "skill" }>> = {}): Step {
  return {
    id: "step",
    kind: "skill",
    name: "Step",
    description: "",
    instruction: "Do the thing.",
    inputs: { text: { from: "input", name: "ticket" } },
    outputs: [{ name: "summary", description: "" }],
    ...overrides,
  };
}

/** A valid routine whose JSON is larger than `megabytes`. */
export function makeHugeRoutine(megabytes: number): Routine {
  const text = "x".repeat(4000);
  const count = Math.ceil((megabytes * 1024 * 1024) / (2 * text.length)) + 1;
  const steps: Step[] = Array.from({ length: count }, (_, index) =>
    makeStep({ id: `s${index}`, name: `Step ${index}`, description: text, instruction: text }),
  );
  return makeRoutine({ steps: [...steps, { id: "done", kind: "end", name: "Done", description: "" }], edges: [] });
}
