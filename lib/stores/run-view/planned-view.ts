import { taskOfStepId, type PlanState, type StepState } from "../../events";
import { NODE_SIZE, STAGE_PADDING } from "../../graph";
import { PLANNED_END_STEP_ID, plannedRunRoutine, type PlannedCall } from "../../runs/planned";
import { describeStep, type JsonValue, type Routine } from "../../routine";

/** What the graph reads of a call's step (a StepView; named apart, as run-view-state.ts builds on this module). */
type CallStepView = {
  state: StepState;
  toolCall: { server: string; tool: string; arguments: Record<string, unknown> } | null;
  output: unknown;
};

/**
 * What the run view knows of a planned run (no routine; a planner's task list, its actors' calls) beyond the steps.
 * Empty for routine runs, which never touch it.
 */
export type PlannedView = {
  /** The planner's task list as it now stands (sent whole by every `plan.updated`); null for routine runs. */
  plan: PlanState | null;
  /** The newest change to the list: who made it and what they said it changed. */
  planChange: { at: string; by: "planner" | "operator"; operator: string | null; summary: string } | null;
  /** The task an actor works on now: dispatched and not yet reported. */
  activeTaskId: string | null;
  /** Task call step ids (`t2-c1`) in the order their calls were sent: the canvas draws them in this order. */
  callOrder: string[];
  /** The same by task, each list replaced only when its task gets a call, so a task row re-renders alone. */
  callsByTask: Record<string, string[]>;
};

export const EMPTY_PLANNED_VIEW: PlannedView = {
  plan: null,
  planChange: null,
  activeTaskId: null,
  callOrder: [],
  callsByTask: {},
};

/** A planned run's task calls are steps of the graph it draws, never "calls outside the routine's steps". */
export function isTaskCall(mode: string | undefined, stepId: string): boolean {
  return mode === "planned" && taskOfStepId(stepId) !== null;
}

/** A planned run's end step: drawn from the planner's answer, never executed, so its state is the run's (selectors). */
export function isPlannedEnd(mode: string | undefined, stepId: string): boolean {
  return mode === "planned" && stepId === PLANNED_END_STEP_ID;
}

/** Calls per line inside a task's frame before the next line: keeps a task with many calls from running off wide. */
const CALLS_PER_LINE = 4;
const GAP = { column: 48, line: 32, task: 40 } as const;

/**
 * The graph of what a planned run ran (lib/runs/planned: one tool step per call, one stage per task), laid out
 * without a layout engine: one band per task in the order tasks first called a tool, its calls left to right, the
 * answer below. Calls are only ever appended, so a growing run never moves what is already drawn.
 */
export function plannedRoutine(input: {
  request: string | null;
  plan: PlanState | null;
  callOrder: readonly string[];
  steps: Readonly<Record<string, CallStepView>>;
}): Routine {
  const calls: PlannedCall[] = [];
  for (const stepId of input.callOrder) {
    const step = input.steps[stepId];
    if (!step?.toolCall) continue;
    calls.push({
      stepId,
      server: step.toolCall.server,
      tool: step.toolCall.tool,
      arguments: step.toolCall.arguments as Record<string, JsonValue>,
      output: (step.output ?? null) as JsonValue | null,
      state: step.state,
    });
  }
  return placed(plannedRunRoutine({ request: input.request ?? "", plan: input.plan, calls }));
}

function placed(routine: Routine): Routine {
  const countInStage = new Map<string, number>();
  for (const step of routine.steps)
    if (step.stageId) countInStage.set(step.stageId, (countInStage.get(step.stageId) ?? 0) + 1);
  const { width, height } = NODE_SIZE.tool;
  const stageTop = new Map<string, number>();
  const seen = new Map<string, number>();
  let nextTop = 0;
  const steps = routine.steps.map((step) => {
    if (!step.stageId) {
      const position = { x: 0, y: nextTop };
      nextTop += NODE_SIZE[step.kind].height + GAP.task;
      return { ...step, position };
    }
    let top = stageTop.get(step.stageId);
    if (top === undefined) {
      top = nextTop + STAGE_PADDING.top;
      stageTop.set(step.stageId, top);
      const lines = Math.ceil((countInStage.get(step.stageId) ?? 1) / CALLS_PER_LINE);
      nextTop = top + lines * height + (lines - 1) * GAP.line + STAGE_PADDING.bottom + GAP.task;
    }
    const index = seen.get(step.stageId) ?? 0;
    seen.set(step.stageId, index + 1);
    const position = {
      x: (index % CALLS_PER_LINE) * (width + GAP.column),
      y: top + Math.floor(index / CALLS_PER_LINE) * (height + GAP.line),
    };
    return { ...step, position };
  });
  return { ...routine, steps };
}

/**
 * Whether two planned graphs draw the same: same steps (id, name, task), same task frames, same edges. A list
 * change that only moves statuses rebuilds an equal graph; keeping the old object spares every node a re-render.
 */
export function sameGraph(a: Routine, b: Routine): boolean {
  if (a.steps.length !== b.steps.length || a.stages.length !== b.stages.length || a.edges.length !== b.edges.length)
    return false;
  for (let index = 0; index < a.steps.length; index++) {
    const [left, right] = [a.steps[index], b.steps[index]];
    if (left.id !== right.id || left.name !== right.name || left.stageId !== right.stageId) return false;
    if (left.kind === right.kind && describeStep(left).outcomeOf(left) !== describeStep(right).outcomeOf(right))
      return false;
  }
  for (let index = 0; index < a.stages.length; index++) {
    const [left, right] = [a.stages[index], b.stages[index]];
    if (left.id !== right.id || left.name !== right.name || left.description !== right.description) return false;
  }
  return true;
}
