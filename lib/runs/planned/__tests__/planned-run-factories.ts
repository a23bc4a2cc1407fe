import type { PlanState, PlanTask } from "../../../events";
import type { JsonValue } from "../../../routine";
import type { PlannedCall } from "../planned-graph";

/** A plan task with the fields a test does not care about filled in. */
export function makeTask(id: string, overrides: Partial<PlanTask> = {}): PlanTask {
  return {
    id,
    title: `Task ${id}`,
    criteria: `${id} is done`,
    actorId: null,
    actorName: null,
    status: "done",
    result: null,
    note: null,
    ...overrides,
  };
}

export function makePlan(tasks: PlanTask[], answer: string | null = "All done."): PlanState {
  return { round: 1, tasks, answer };
}

/** A succeeded call of the demo HR server whose tool returned `result`. */
export function makeCall(
  stepId: string,
  tool: string,
  args: Record<string, JsonValue>,
  result: JsonValue = null,
  overrides: Partial<PlannedCall> = {},
): PlannedCall {
  return { stepId, server: "hr", tool, arguments: args, output: { result }, state: "succeeded", ...overrides };
}
