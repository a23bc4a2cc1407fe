import {
  edgeSchema,
  paramSchema,
  routineSchema,
  stepSchema,
  type Edge,
  type Param,
  type Routine,
  type RoutineInput,
  type StepKind,
  type StepOf,
} from "../schema";

type Input<K extends StepKind> = Partial<Omit<StepOf<K>, "kind">>;

let counter = 0;
const nextId = (prefix: string) => `${prefix}${++counter}`;

/** Restarts generated ids (s1, s2, …) so tests do not depend on each other's order. */
export function resetFactoryIds(): void {
  counter = 0;
}

function make<K extends StepKind>(kind: K, defaults: Record<string, unknown>, overrides: Input<K>): StepOf<K> {
  return stepSchema.parse({ id: nextId("s"), name: `Step ${counter}`, ...defaults, ...overrides, kind }) as StepOf<K>;
}

/** A tool step calling hr/get_leave_balance unless told otherwise. */
export const toolStep = (overrides: Input<"tool"> = {}) =>
  make("tool", { tool: { server: "hr", name: "get_leave_balance" } }, overrides);
export const skillStep = (overrides: Input<"skill"> = {}) =>
  make("skill", { instruction: "Summarize the request." }, overrides);
export const branchStep = (overrides: Input<"branch"> = {}) => make("branch", {}, overrides);
export const humanStep = (overrides: Input<"human"> = {}) =>
  make("human", { instruction: "Approve or reject." }, overrides);
export const routineStep = (overrides: Input<"routine"> = {}) =>
  make("routine", { routineId: "sub_routine" }, overrides);
export const endStep = (overrides: Input<"end"> = {}) => make("end", { name: "End" }, overrides);

/** An edge between two step ids (or steps); pass a label to make it a branch condition. */
export function edge(
  source: string | { id: string },
  target: string | { id: string },
  label?: string,
  expression?: string,
): Edge {
  const from = typeof source === "string" ? source : source.id;
  const to = typeof target === "string" ? target : target.id;
  const condition = label === undefined ? undefined : expression === undefined ? { label } : { label, expression };
  return edgeSchema.parse({ id: `${from}-${to}`, source: from, target: to, ...(condition ? { condition } : {}) });
}

/** Edges step[0] → step[1] → … for a straight line. */
export function chain(...steps: Array<{ id: string }>): Edge[] {
  return steps.slice(1).map((step, index) => edge(steps[index], step));
}

export const param = (overrides: Partial<Param> & { name: string }): Param => paramSchema.parse(overrides);

/**
 * A valid routine; defaults to a three-step line (check balance → summarize → end) when no steps are given.
 * Edges default to a chain through the given steps.
 */
export function makeRoutine(overrides: Partial<RoutineInput> = {}): Routine {
  const steps = overrides.steps ?? [
    toolStep({
      id: "check",
      name: "Check leave balance",
      inputs: { employee_id: { from: "input", name: "employee_id" } },
      outputs: [{ name: "balance", description: "" }],
    }),
    skillStep({ id: "summarize", name: "Summarize" }),
    endStep({ id: "done" }),
  ];
  const edges = overrides.edges ?? chain(...(steps as Array<{ id: string }>));
  return routineSchema.parse({
    schemaVersion: 2,
    id: "leave_request",
    name: "Apply for leave",
    inputs: overrides.steps ? [] : [{ name: "employee_id", description: "The employee's id" }],
    ...overrides,
    steps,
    edges,
  });
}
