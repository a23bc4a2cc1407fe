import { expect } from "@playwright/test";
import type { DemoRole } from "./demo-users";
import { dal } from "./dal";

// What the evaluation specs share: the routine they measure (look up an employee, then read their annual leave
// balance: every input is bound, so workflow mode needs no model; agent mode leaves the balance's year open to the
// model), a case of it, and the wait for a suite run to end.

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

/**
 * A JSONL line of a case asking for E1024's annual leave balance; `marker` in the request lets the fake model's rules
 * find the case, `optionalYear` accepts a year of 2025 the model may add.
 */
export function balanceCase(name: string, marker = "", options: { optionalYear?: boolean } = {}): string {
  return JSON.stringify({
    name,
    request: `${marker ? `${marker} ` : ""}Leave left for E1024?`,
    inputs: { employee_id: "E1024" },
    expectedCalls: [
      { tool: "get_employee", arguments: { employee_id: { accepted: ["E1024"] } } },
      {
        tool: "get_leave_balance",
        arguments: {
          employee_id: { accepted: ["E1024"] },
          leave_type: { accepted: ["annual"] },
          ...(options.optionalYear ? { year: { accepted: [2025], optional: true } } : {}),
        },
      },
    ],
  });
}

/** Waits until a suite run has succeeded, reading its progress as `role` through the set-up service. */
export async function expectSuiteRunSucceeded(role: DemoRole, evalRunId: string, timeout: number): Promise<void> {
  await expect
    .poll(async () => (await dal(role, "getEvalRunProgress", { evalRunId })).status, { timeout })
    .toBe("succeeded");
}
