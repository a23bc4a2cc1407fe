import { randomUUID } from "node:crypto";
import type { ExpectedCall, PinnedOutput } from "../../scoring";
import { ROUTINE_SCHEMA_VERSION, type Routine, type Step } from "../../../routine";
import { prisma } from "../../../db/core";

// Shared by the eval service's tests and bench/eval: a small HR routine over the demo HR tools, cases for it written
// straight to the database, the fake model's script for one case, and a wait for a suite run to end.

const hr = (name: string) => ({ server: "hr", name });
const toolStep = (id: string, name: string, tool: string, inputs: Extract<Step, { kind: "tool" }>["inputs"]): Step => ({
  id,
  kind: "tool",
  name,
  description: "",
  tool: hr(tool),
  inputs,
  outputs: [{ name: "result", description: "" }],
  requiresApproval: false,
});

/** Looks up an employee, then reads their annual leave balance (every argument bound, so workflow mode needs no model). */
export function balanceRoutine(): Routine {
  const employee = { from: "input" as const, name: "employee_id" };
  const steps: Step[] = [
    toolStep("employee", "Look up the employee", "get_employee", { employee_id: employee }),
    toolStep("balance", "Read the annual leave balance", "get_leave_balance", {
      employee_id: employee,
      leave_type: { from: "literal", value: "annual" },
    }),
    { id: "done", kind: "end", name: "Done", description: "" },
  ];
  return {
    schemaVersion: ROUTINE_SCHEMA_VERSION,
    id: "draft",
    stages: [],
    name: "Leave balance",
    description: "Tells an employee how many annual leave days they have left.",
    intents: ["how many leave days do I have"],
    inputs: [{ name: "employee_id", description: "The employee, e.g. E1024", type: "string", required: true }],
    steps,
    edges: [
      { id: "e1", source: "employee", target: "balance" },
      { id: "e2", source: "balance", target: "done" },
    ],
  };
}

/** The calls a correct run of the balance routine makes for `employeeId`. */
export function balanceCalls(employeeId: string): ExpectedCall[] {
  return [
    { tool: "get_employee", arguments: { employee_id: { accepted: [employeeId], optional: false } } },
    {
      tool: "get_leave_balance",
      arguments: {
        employee_id: { accepted: [employeeId], optional: false },
        leave_type: { accepted: ["annual"], optional: false },
        // Left open by the routine (the model may give it): a wrong year is the harness's parameter error, since the
        // engine refuses an agent's change to what the routine fixes (employee_id, leave_type) before it is sent.
        year: { accepted: [2025], optional: true },
      },
    },
  ];
}

/**
 * Outputs pinned for every case, so no case depends on the HR server's data (a second look-up too: the wrong pick
 * of the harness looks the employee up again instead of reading the balance).
 */
export function balanceOutputs(employeeId: string): PinnedOutput[] {
  return [
    { tool: "get_employee", output: { employee_id: employeeId, name: "Pat Doe", status: "active" } },
    { tool: "get_employee", output: { employee_id: employeeId, name: "Pat Doe", status: "active" } },
    { tool: "get_leave_balance", output: { employee_id: employeeId, annual: 12 } },
  ];
}

export type CaseFlaw = "none" | "wrong_tool" | "wrong_parameter" | "missing_call";

/** A case's marker in its request, which the fake model's rules match. */
export const caseMarker = (index: number) => `[case-${String(index).padStart(4, "0")}]`;
export const caseEmployee = (index: number) => `E${9000 + index}`;

/** Writes `count` active cases of the balance routine; returns their ids in order. */
export async function insertBalanceCases(routineId: string, count: number, from = 1): Promise<string[]> {
  const rows = Array.from({ length: count }, (_, offset) => {
    const index = from + offset;
    const employeeId = caseEmployee(index);
    return {
      id: randomUUID(),
      routineId,
      name: `Balance ${String(index).padStart(4, "0")}`,
      request: `${caseMarker(index)} How many annual leave days does ${employeeId} have left?`,
      inputs: JSON.stringify({ employee_id: employeeId }),
      expectedCalls: JSON.stringify(balanceCalls(employeeId)),
      pinnedOutputs: JSON.stringify(balanceOutputs(employeeId)),
    };
  });
  await prisma.testCase.createMany({ data: rows });
  return rows.map((row) => row.id);
}

type Turn = { reply: { toolCalls?: Array<{ name: string; arguments: unknown }>; content?: string } };
const call = (name: string, args: Record<string, unknown>): Turn => ({
  reply: { toolCalls: [{ name, arguments: args }] },
});

/** The executor model's turns for case `index` in agent mode, with the flaw asked for. */
export function agentTurns(index: number, flaw: CaseFlaw): Turn[] {
  const employee_id = caseEmployee(index);
  const lookUp = call("get_employee", { employee_id });
  const answer: Turn = { reply: { content: `${employee_id} has 12 annual leave days left.` } };
  switch (flaw) {
    case "wrong_tool":
      return [lookUp, call("get_employee", { employee_id }), answer];
    case "wrong_parameter":
      return [lookUp, call("get_leave_balance", { employee_id, leave_type: "annual", year: 2024 }), answer];
    case "missing_call":
      return [lookUp, answer];
    default:
      return [lookUp, call("get_leave_balance", { employee_id, leave_type: "annual" }), answer];
  }
}

/** Fake-model rules answering case `index`'s turns in order, each once, only for requests about that case. */
export function caseRules(index: number, turns: Turn[]) {
  return turns.map((turn, step) => ({
    id: `${caseMarker(index)}-${step + 1}`,
    match: { anyMessageIncludes: caseMarker(index) },
    times: 1,
    ...turn,
  }));
}

/** Waits until a suite run has ended; returns its status. */
export async function waitForEvalRun(evalRunId: string, timeoutMs = 60_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const run = await prisma.evalRun.findUniqueOrThrow({
      where: { id: evalRunId },
      select: { status: true, done: true, total: true },
    });
    if (["succeeded", "failed", "cancelled"].includes(run.status)) return run.status;
    if (Date.now() > until)
      throw new Error(`The suite run is still ${run.status} (${run.done}/${run.total}) after ${timeoutMs} ms.`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
