/**
 * Look up an employee → a person approves → check their leave balance → done. Every tool input is bound, so the
 * engine runs it without a model; the human step waits for the operator.
 */
export function approvalRoutine(name: string) {
  const hr = (tool: string) => ({ server: "hr", name: tool });
  return {
    schemaVersion: 2,
    id: "e2e",
    name,
    description: "Looks an employee up, waits for approval, then reads their annual leave balance.",
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
        completion: "The employee's record is known.",
        requiresApproval: false,
      },
      {
        id: "approve",
        kind: "human",
        name: "Approve the lookup",
        description: "",
        position: { x: 320, y: 0 },
        instruction: "Check that this is the right person.",
        form: [],
      },
      {
        id: "balance",
        kind: "tool",
        name: "Check leave balance",
        description: "",
        position: { x: 640, y: 0 },
        tool: hr("get_leave_balance"),
        // From the looked-up record, not the run's input: a lookup re-run with a corrected id carries it on.
        inputs: {
          employee_id: { from: "step", stepId: "lookup", path: "employee.employee_id" },
          leave_type: { from: "literal", value: "annual" },
        },
        outputs: [{ name: "balance", description: "" }],
        requiresApproval: false,
      },
      { id: "done", kind: "end", name: "Done", description: "", position: { x: 960, y: 16 } },
    ],
    edges: [
      { id: "e1", source: "lookup", target: "approve" },
      { id: "e2", source: "approve", target: "balance" },
      { id: "e3", source: "balance", target: "done" },
    ],
    stages: [],
  };
}

/** Look up an employee → the executor model writes a note about them (a skill step; `marker` is in its instruction). */
export function skillRoutine(name: string, marker: string) {
  return {
    schemaVersion: 2,
    id: "e2e",
    name,
    description: "Looks an employee up and has the model write a note.",
    intents: [],
    inputs: [{ name: "employee_id", description: "", type: "string", required: true }],
    steps: [
      {
        id: "lookup",
        kind: "tool",
        name: "Look up employee",
        description: "",
        position: { x: 0, y: 0 },
        tool: { server: "hr", name: "get_employee" },
        inputs: { employee_id: { from: "input", name: "employee_id" } },
        outputs: [{ name: "employee", description: "" }],
        requiresApproval: false,
      },
      {
        id: "note",
        kind: "skill",
        name: "Write a note",
        description: "",
        position: { x: 320, y: 0 },
        instruction: `Write one line about the employee. ${marker}`,
        inputs: { employee: { from: "step", stepId: "lookup", path: "employee" } },
        outputs: [{ name: "note", description: "" }],
      },
      { id: "done", kind: "end", name: "Done", description: "", position: { x: 640, y: 16 } },
    ],
    edges: [
      { id: "e1", source: "lookup", target: "note" },
      { id: "e2", source: "note", target: "done" },
    ],
    stages: [],
  };
}

/**
 * Look up an employee → a branch on the record: the known employee E1024 goes to a human approval (the run waits
 * there), anyone else to a leave balance check. The branch decides by expression, so no model is asked.
 */
export function branchingRoutine(name: string) {
  const base = approvalRoutine(name);
  const [lookup, approve, balance, done] = base.steps;
  return {
    ...base,
    description: "Looks an employee up; the known one waits for approval, anyone else has their balance read.",
    steps: [
      lookup,
      { id: "known", kind: "branch", name: "Known employee?", description: "", position: { x: 320, y: 0 } },
      { ...approve, position: { x: 640, y: -120 } },
      { ...balance, position: { x: 640, y: 120 } },
      { ...done, position: { x: 960, y: 16 } },
    ],
    edges: [
      { id: "e1", source: "lookup", target: "known" },
      {
        id: "yes",
        source: "known",
        target: "approve",
        condition: { label: "known", expression: 'employee.employee_id == "E1024"' },
      },
      {
        id: "no",
        source: "known",
        target: "balance",
        condition: { label: "someone else", expression: 'employee.employee_id != "E1024"' },
      },
      { id: "e4", source: "approve", target: "done" },
      { id: "e5", source: "balance", target: "done" },
    ],
  };
}

/**
 * Look up an employee → read their leave balance → done, where the balance step's employee id is bound to the wrong
 * field of the looked-up record (the name, an author's slip), so it fails: an operator re-runs it with the id. The
 * leave type is a literal the routine fixes.
 */
export function wrongFieldRoutine(name: string) {
  const base = approvalRoutine(name);
  const [lookup, , balance, done] = base.steps;
  return {
    ...base,
    description: "Looks an employee up and reads their annual leave balance by the wrong field of the record.",
    steps: [
      lookup,
      {
        ...balance,
        position: { x: 320, y: 0 },
        inputs: {
          employee_id: { from: "step", stepId: "lookup", path: "employee.name" },
          leave_type: { from: "literal", value: "annual" },
        },
      },
      { ...done, position: { x: 640, y: 16 } },
    ],
    edges: [
      { id: "e1", source: "lookup", target: "balance" },
      { id: "e2", source: "balance", target: "done" },
    ],
  };
}

/**
 * One tool step on the demo HR server, its inputs as given (`employee_id` is the routine's one input), then the end:
 * e.g. `oneToolRoutine(name, "Reads a record.", "get_employee", { employee_id: { from: "input", name: "employee_id" } })`.
 */
export function oneToolRoutine(name: string, description: string, tool: string, inputs: Record<string, unknown>) {
  return {
    schemaVersion: 2,
    id: "e2e",
    name,
    description,
    intents: [],
    inputs: [{ name: "employee_id", description: 'e.g. "E1024"', type: "string", required: true }],
    steps: [
      {
        id: "call",
        kind: "tool",
        name: `Call ${tool}`,
        description: "",
        position: { x: 0, y: 0 },
        tool: { server: "hr", name: tool },
        inputs,
        outputs: [{ name: "result", description: "" }],
        requiresApproval: false,
      },
      { id: "done", kind: "end", name: "Done", description: "", position: { x: 320, y: 16 } },
    ],
    edges: [{ id: "e1", source: "call", target: "done" }],
    stages: [],
  };
}
