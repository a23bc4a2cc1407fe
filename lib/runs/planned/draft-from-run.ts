import { taskOfStepId, type PlanState, type PlanTask } from "../../events";
import {
  ISSUE_SEVERITY,
  LIMITS,
  lookupFromList,
  ROUTINE_SCHEMA_VERSION,
  routineSchema,
  validateRoutine,
  type Binding,
  type Routine,
  type Stage,
  type Step,
  type ToolDefinition,
  type ValidationIssue,
} from "../../routine";
import { bindArgument, OutputIndex, RequestText } from "./bindings";
import {
  callLabel,
  chainEdges,
  clip,
  PLANNED_END_STEP_ID,
  PLANNED_RESULT_OUTPUT,
  tasksById,
  type PlannedCall,
} from "./planned-graph";

export type DraftInput = {
  request: string;
  plan: PlanState | null;
  /** The run's tool calls in the order they ran. */
  calls: PlannedCall[];
  /** The live tool catalog the designer validates against. */
  catalog: ToolDefinition[];
  /** The run's variable memory (key → stored text), to look inside outputs that were too large to keep inline. */
  variables?: ReadonlyMap<string, string>;
  /** The run the draft comes from, named in its description. */
  runId?: string;
};

export type DraftResult = {
  routine: Routine;
  /** What validation against the schema and the live catalog found; errors must be fixed before review. */
  issues: ValidationIssue[];
  /** Why each left-out call (or argument, or task without calls) is not in the draft. */
  dropped: string[];
};

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/**
 * Turns a planned run that succeeded into a routine draft (issue #16): one tool step per call that mattered (a
 * succeeded call of a task the planner marked done), in the order the calls ran, grouped in a stage per task; each
 * argument bound to where its value came from (an earlier kept call's output, the request, or a fixed value); the
 * request as the intent. The draft is checked against the routine schema and the live catalog and enters the normal
 * review flow, so a tool that is gone or a required parameter the run never sent shows up as an issue, not a throw.
 */
export function draftFromPlannedRun(input: DraftInput): DraftResult {
  const tasks = tasksById(input.plan);
  const dropped: string[] = [];
  const kept = keptCalls(input.calls, tasks, dropped);
  const catalog = new Map(input.catalog.map((tool) => [`${tool.server}/${tool.name}`, tool]));
  const lastCallOfTask = new Map(kept.map(({ call, task }) => [task.id, call.stepId]));
  const earlier = new OutputIndex(input.variables);
  const request = new RequestText(input.request);
  const steps: Step[] = [];
  const stages: Stage[] = [];
  const staged = new Set<string>();

  for (const { call, task } of kept) {
    if (!staged.has(task.id)) {
      staged.add(task.id);
      stages.push({ id: task.id, name: clip(task.title, LIMITS.nameLength), description: task.criteria });
    }
    const inputs: Record<string, Binding> = {};
    for (const [name, value] of Object.entries(call.arguments)) {
      if (IDENTIFIER.test(name)) inputs[name] = bindArgument(name, value, earlier, request);
      else dropped.push(`${call.stepId}: the argument "${name}" is not a name a routine step can take.`);
    }
    const tool = catalog.get(`${call.server}/${call.tool}`);
    steps.push({
      id: call.stepId,
      kind: "tool",
      name: callLabel(call.tool),
      description: "",
      stageId: task.id,
      tool: { server: call.server, name: call.tool },
      inputs,
      outputs: [{ name: PLANNED_RESULT_OUTPUT, description: outputDescription(call.tool, tool) }],
      ...(lastCallOfTask.get(task.id) === call.stepId ? { completion: task.criteria } : {}),
      requiresApproval: false,
    });
    earlier.add(call.stepId, call.output);
  }
  for (const task of tasks.values()) {
    if (task.status === "done" && !lastCallOfTask.has(task.id)) {
      dropped.push(`${task.id}: "${task.title}" was done without a tool call, so it has no step.`);
    }
  }
  steps.push({
    id: PLANNED_END_STEP_ID,
    kind: "end",
    name: "Done",
    description: "",
    outcome: "The request is answered with what the steps found.",
  });

  const draft = {
    schemaVersion: ROUTINE_SCHEMA_VERSION,
    id: "drafted-from-run",
    name: draftName(stages, input.request),
    description: draftDescription(input.runId, kept.length, stages.length),
    intents: input.request.trim() ? [clip(input.request, LIMITS.textLength)] : [],
    inputs: [],
    steps,
    edges: chainEdges(steps),
    stages,
  } satisfies Routine;
  return { ...checked(draft, input.catalog), dropped };
}

type KeptCall = { call: PlannedCall; task: PlanTask };

/** The calls that mattered: those that succeeded for a task that got done; the rest go to `dropped` with a reason. */
function keptCalls(calls: PlannedCall[], tasks: Map<string, PlanTask>, dropped: string[]): KeptCall[] {
  const kept: KeptCall[] = [];
  for (const call of calls) {
    const taskId = taskOfStepId(call.stepId)?.taskId;
    const task = taskId ? tasks.get(taskId) : undefined;
    if (!task) dropped.push(`${call.stepId}: ${call.tool} served no task of the plan.`);
    else if (task.status !== "done")
      dropped.push(`${call.stepId}: ${call.tool} served "${task.title}", which ended ${task.status}.`);
    else if (call.state !== "succeeded") dropped.push(`${call.stepId}: ${call.tool} did not succeed (${call.state}).`);
    else kept.push({ call, task });
  }
  return kept;
}

/** Schema first (a draft the schema refuses could not be saved at all), then the rules and the live catalog. */
function checked(draft: Routine, catalog: ToolDefinition[]): { routine: Routine; issues: ValidationIssue[] } {
  const parsed = routineSchema.safeParse(draft);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((found) => ({
      path: found.path.filter((part): part is string | number => typeof part !== "symbol"),
      code: "validation-failed" as const,
      severity: ISSUE_SEVERITY["validation-failed"],
      message: `The draft does not fit the routine schema: ${found.message}`,
    }));
    return { routine: draft, issues };
  }
  return { routine: parsed.data, issues: validateRoutine(parsed.data, { tools: lookupFromList(catalog) }) };
}

/** The first tasks' titles, as many as fit a routine name. */
function draftName(stages: Stage[], request: string): string {
  let name = "";
  for (const stage of stages) {
    const next = name ? `${name}; ${stage.name}` : stage.name;
    if (next.length > LIMITS.nameLength) break;
    name = next;
  }
  return name || clip(request || "Drafted routine", LIMITS.nameLength);
}

function draftDescription(runId: string | undefined, steps: number, tasks: number): string {
  const from = runId ? `Drafted from planned run ${runId}` : "Drafted from a planned run";
  return `${from}: ${steps} tool ${steps === 1 ? "call" : "calls"} of ${tasks} done ${tasks === 1 ? "task" : "tasks"}. Check the bindings before review: values from the request are left to the model.`;
}

function outputDescription(toolName: string, tool: ToolDefinition | undefined): string {
  const about = tool?.description.trim();
  return clip(about ? `What ${toolName} returned: ${about}` : `What ${toolName} returned.`, LIMITS.textLength);
}
