import { lookupFromList, type ToolDefinition } from "../catalog";
import { ROUTINE_SCHEMA_VERSION, type Binding, type Edge, type Routine, type Step, type StepOf } from "../schema";
import type { RoutineLookup } from "../validate";

/** "check_balance" → "Check balance": readable step names for messages. */
function title(id: string): string {
  const words = id.replace(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

type Extra<K extends Step["kind"]> = Partial<Omit<StepOf<K>, "kind" | "id">>;

export function toolStep(
  id: string,
  tool: string,
  inputs: Record<string, Binding> = {},
  outputs: string[] = [],
  extra: Extra<"tool"> = {},
): StepOf<"tool"> {
  return {
    id,
    name: title(id),
    description: "",
    kind: "tool",
    tool: { server: "hr", name: tool },
    inputs,
    outputs: outputs.map((name) => ({ name, description: "" })),
    requiresApproval: false,
    ...extra,
  };
}

export function skillStep(id: string, inputs: Record<string, Binding> = {}, outputs: string[] = []): StepOf<"skill"> {
  return {
    id,
    name: title(id),
    description: "",
    kind: "skill",
    instruction: "",
    inputs,
    outputs: outputs.map((name) => ({ name, description: "" })),
  };
}

export function branchStep(id: string, extra: Extra<"branch"> = {}): StepOf<"branch"> {
  return { id, name: title(id), description: "", kind: "branch", ...extra };
}

export function humanStep(id: string, form: string[] = []): StepOf<"human"> {
  const fields = form.map((name) => ({ name, description: "", type: "string" as const, required: true }));
  return { id, name: title(id), description: "", kind: "human", instruction: "", form: fields };
}

export function routineStep(id: string, routineId: string, inputs: Record<string, Binding> = {}): StepOf<"routine"> {
  return { id, name: title(id), description: "", kind: "routine", routineId, inputs, outputs: [] };
}

export function endStep(id = "done", extra: Extra<"end"> = {}): StepOf<"end"> {
  return { id, name: title(id), description: "", kind: "end", ...extra };
}

export function edge(source: string, target: string, label?: string): Edge {
  return { id: `${source}-${target}`, source, target, ...(label === undefined ? {} : { condition: { label } }) };
}

/** Edges along a path: chain("a", "b", "c") is a→b, b→c. */
export function chain(...ids: string[]): Edge[] {
  return ids.slice(1).map((target, index) => edge(ids[index], target));
}

export function makeRoutine(steps: Step[], edges: Edge[], overrides: Partial<Routine> = {}): Routine {
  return {
    schemaVersion: ROUTINE_SCHEMA_VERSION,
    id: "leave-request",
    name: "Leave request",
    description: "",
    intents: [],
    inputs: [{ name: "employee_id", description: "", type: "string", required: true }],
    steps,
    edges,
    stages: [],
    ...overrides,
  };
}

export const fromInput = (name: string): Binding => ({ from: "input", name });
export const fromStep = (stepId: string, path: string): Binding => ({ from: "step", stepId, path });
export const literal = (value: string | number | boolean): Binding => ({ from: "literal", value });
export const fromModel = (hint = ""): Binding => ({ from: "model", hint });

export const TEST_TOOLS: ToolDefinition[] = [
  {
    server: "hr",
    name: "get_leave_balance",
    description: "Remaining leave days of an employee.",
    inputSchema: {
      type: "object",
      properties: { employee_id: { type: "string" }, leave_type: { type: "string" } },
      required: ["employee_id"],
    },
  },
  {
    server: "hr",
    name: "apply_leave",
    description: "Files a leave request.",
    inputSchema: {
      type: "object",
      properties: { employee_id: { type: "string" }, days: { type: "number" } },
      required: ["employee_id", "days"],
    },
  },
  { server: "hr", name: "send_email_notification", description: "Sends an email.", inputSchema: { type: "object" } },
];
export const tools = lookupFromList(TEST_TOOLS);

/** A valid routine: check the balance, branch on it, apply or tell the employee, finish. */
export function leaveRoutine(): Routine {
  return makeRoutine(
    [
      toolStep("check_balance", "get_leave_balance", { employee_id: fromInput("employee_id") }, ["balance"]),
      branchStep("enough_days"),
      humanStep("confirm", ["days"]),
      toolStep("apply", "apply_leave", { employee_id: fromInput("employee_id"), days: fromStep("confirm", "days") }),
      toolStep("notify", "send_email_notification", { text: fromStep("check_balance", "balance.days") }),
      endStep("done"),
    ],
    [
      ...chain("check_balance", "enough_days"),
      edge("enough_days", "confirm", "Balance covers the request"),
      edge("enough_days", "notify", "Balance too low"),
      ...chain("confirm", "apply", "done"),
      edge("notify", "done"),
    ],
  );
}

/** A routine library for sub-routine checks: `calls` maps a routine id to the ids it calls. */
export function routineLibrary(calls: Record<string, string[]>): RoutineLookup {
  return {
    getRoutine: (id) => (Object.hasOwn(calls, id) ? { id, name: title(id), subRoutineIds: calls[id] } : undefined),
  };
}
