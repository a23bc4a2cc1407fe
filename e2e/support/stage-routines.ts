/**
 * Routines in stages for the run view's stage tests, built from a few steps on the demo HR tools: each stage's steps
 * in a line, the stages one after another, the run ending after the last. Every tool input is bound, so the
 * engine runs the tool steps without a model; a skill step asks the (fake) executor model.
 */

type StepDef = Record<string, unknown> & { id: string };

const hr = (tool: string) => ({ server: "hr", name: tool });

/** Looks the run's employee up (get_employee). */
export const lookupStep = (): StepDef => ({
  id: "lookup",
  kind: "tool",
  name: "Look up employee",
  description: "",
  tool: hr("get_employee"),
  inputs: { employee_id: { from: "input", name: "employee_id" } },
  outputs: [{ name: "employee", description: "" }],
  requiresApproval: false,
});

/** Reads their annual leave balance (get_leave_balance), from the run's input. */
export const balanceStep = (): StepDef => ({
  id: "balance",
  kind: "tool",
  name: "Check leave balance",
  description: "",
  tool: hr("get_leave_balance"),
  inputs: {
    employee_id: { from: "input", name: "employee_id" },
    leave_type: { from: "literal", value: "annual" },
  },
  outputs: [{ name: "balance", description: "" }],
  requiresApproval: false,
});

/** Waits for an operator's approval. */
export const approveStep = (): StepDef => ({
  id: "approve",
  kind: "human",
  name: "Approve the request",
  description: "",
  instruction: "Check that the request makes sense.",
  form: [],
});

/** The executor model writes a note (`marker` in its instruction, for the fake model's rules). */
export const noteStep = (marker: string): StepDef => ({
  id: "note",
  kind: "skill",
  name: "Write a note",
  description: "",
  instruction: `Write one line about the leave balance. ${marker}`,
  inputs: { balance: { from: "step", stepId: "balance", path: "balance" } },
  outputs: [{ name: "note", description: "" }],
});

/** A routine whose stages run in the order given, each holding the steps given, then an end step. */
export function stagedRoutine(name: string, stages: Array<{ id: string; name: string; steps: StepDef[] }>) {
  const steps: StepDef[] = stages.flatMap((stage) => stage.steps.map((step) => ({ ...step, stageId: stage.id })));
  steps.push({ id: "done", kind: "end", name: "Done", description: "" });
  const positioned = steps.map((step, index) => ({ ...step, position: { x: index * 320, y: 0 } }));
  return {
    schemaVersion: 2,
    id: "e2e_stages",
    name,
    description: "A routine in stages, for the run view's stage tests.",
    intents: [],
    inputs: [{ name: "employee_id", description: 'e.g. "E1024"', type: "string", required: true }],
    steps: positioned,
    edges: positioned.slice(1).map((step, index) => ({
      id: `e${index + 1}`,
      source: positioned[index]!.id,
      target: step.id,
    })),
    stages: stages.map(({ id, name: stageName }) => ({ id, name: stageName, description: "" })),
  };
}
