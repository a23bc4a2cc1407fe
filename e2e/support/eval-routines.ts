// The routine the evaluation specs measure: look up an employee, then read their annual leave balance. Every input
// is bound, so workflow mode needs no model; agent mode leaves the balance's year open to the model.

const hr = (tool: string) => ({ server: "hr", name: tool });

export function balanceRoutine(name: string) {
  return {
    schemaVersion: 2,
    id: "e2e",
    name,
    description: "Tells an employee how many annual leave days they have left.",
    intents: [],
    inputs: [{ name: "employee_id", description: 'e.g. "E1024"', type: "string", required: true }],
    steps: [
      {
        id: "lookup",
        kind: "tool",
        name: "Look up employee",
        description: "",
        position: { x: 0, y: 0 },
        tool: hr("get_employee"),
        inputs: { employee_id: { from: "input", name: "employee_id" } },
        outputs: [{ name: "employee", description: "" }],
        requiresApproval: false,
      },
      {
        id: "balance",
        kind: "tool",
        name: "Check leave balance",
        description: "",
        position: { x: 320, y: 0 },
        tool: hr("get_leave_balance"),
        inputs: {
          employee_id: { from: "input", name: "employee_id" },
          leave_type: { from: "literal", value: "annual" },
        },
        outputs: [{ name: "balance", description: "" }],
        requiresApproval: false,
      },
      { id: "done", kind: "end", name: "Done", description: "", position: { x: 640, y: 16 } },
    ],
    edges: [
      { id: "e1", source: "lookup", target: "balance" },
      { id: "e2", source: "balance", target: "done" },
    ],
    stages: [],
  };
}
