import { taskOfStepId, type PlanState, type PlanTask, type StepState } from "../../events";
import {
  LIMITS,
  ROUTINE_SCHEMA_VERSION,
  type Binding,
  type Edge,
  type JsonValue,
  type Routine,
  type Stage,
  type Step,
} from "../../routine";

/** One tool call an actor of a planned run made: its step run (`t2-c1`) with the call's tool and arguments. */
export type PlannedCall = {
  stepId: string;
  server: string;
  tool: string;
  arguments: Record<string, JsonValue>;
  /** The step run's outputs by name (`{ result: … }`); null while the call runs or when it failed. */
  output: JsonValue | null;
  state: StepState;
};

/** The id of the end step drawn once the planner answered; task call ids (`t3-c2`) can never take it. */
export const PLANNED_END_STEP_ID = "end";
/** The output every call step has: a tool's value is stored under this name (the runner's RESULT_OUTPUT). */
export const PLANNED_RESULT_OUTPUT = "result";

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/**
 * The graph of what a planned run ran, for the run canvas: one tool step per call in the order the calls ran, in one
 * stage per task, ending in an end step once the plan has an answer. Linear in the calls and deterministic (same
 * input, same ids and order), because the run view rebuilds it on every event of runs with hundreds of calls.
 */
export function plannedRunRoutine(input: { request: string; plan: PlanState | null; calls: PlannedCall[] }): Routine {
  const tasks = tasksById(input.plan);
  const steps: Step[] = [];
  const stages: Stage[] = [];
  const staged = new Set<string>();
  for (const call of latestCalls(input.calls)) {
    const taskId = taskOfStepId(call.stepId)?.taskId;
    const task = taskId ? tasks.get(taskId) : undefined;
    if (taskId && !staged.has(taskId)) {
      staged.add(taskId);
      stages.push({
        id: taskId,
        name: clip(task?.title ?? taskId, LIMITS.nameLength),
        description: task?.criteria ?? "",
      });
    }
    steps.push({
      id: call.stepId,
      kind: "tool",
      name: callLabel(call.tool),
      description: "",
      stageId: taskId,
      tool: { server: call.server, name: call.tool },
      inputs: literalInputs(call.arguments),
      outputs: [{ name: PLANNED_RESULT_OUTPUT, description: "" }],
      requiresApproval: false,
    });
  }
  const answer = input.plan?.answer;
  if (answer) {
    steps.push({
      id: PLANNED_END_STEP_ID,
      kind: "end",
      name: "Answer",
      description: "",
      outcome: clip(answer, LIMITS.textLength),
    });
  }
  return {
    schemaVersion: ROUTINE_SCHEMA_VERSION,
    id: "planned-run",
    name: clip(input.request.trim() || "Planned run", LIMITS.nameLength),
    description: "",
    intents: input.request.trim() ? [clip(input.request.trim(), LIMITS.textLength)] : [],
    inputs: [],
    steps,
    edges: chainEdges(steps),
    stages,
  };
}

/**
 * A call's readable name: the tool's words, e.g. "Get leave balance". The task it served is its stage's name, so it
 * is not repeated here (where names are clipped, the tool is what tells two calls of a task apart).
 */
export function callLabel(tool: string): string {
  const words = tool.replace(/[_-]+/g, " ").trim() || "Tool call";
  return clip(words.charAt(0).toUpperCase() + words.slice(1), LIMITS.nameLength);
}

/** Edges that join the steps one after another, named by their ends so that the same steps give the same ids. */
export function chainEdges(steps: readonly Step[]): Edge[] {
  const edges: Edge[] = [];
  for (let index = 1; index < steps.length; index++) {
    const source = steps[index - 1].id;
    const target = steps[index].id;
    edges.push({ id: `e-${source}-${target}`.slice(0, 64), source, target });
  }
  return edges;
}

export function tasksById(plan: PlanState | null): Map<string, PlanTask> {
  return new Map((plan?.tasks ?? []).map((task) => [task.id, task]));
}

/** Cuts text to a length a schema field takes, marking the cut; never returns an empty string for non-empty text. */
export function clip(text: string, max: number): string {
  const trimmed = text.trim();
  return trimmed.length <= max ? trimmed : `${trimmed.slice(0, max - 1).trimEnd()}…`;
}

/** One call per step id, where it first ran, with its latest state: a retried call is one node, not two. */
function latestCalls(calls: PlannedCall[]): Iterable<PlannedCall> {
  const byStep = new Map<string, PlannedCall>();
  for (const call of calls) byStep.set(call.stepId, call);
  return byStep.size === calls.length ? calls : byStep.values();
}

/** The arguments as they were sent; names a routine cannot hold (not identifiers) are left off the drawing. */
function literalInputs(args: Record<string, JsonValue>): Record<string, Binding> {
  const inputs: Record<string, Binding> = {};
  for (const [name, value] of Object.entries(args)) {
    if (IDENTIFIER.test(name)) inputs[name] = { from: "literal", value };
  }
  return inputs;
}
