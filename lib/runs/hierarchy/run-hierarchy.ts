import type { RunStatus, StepState } from "../../events";
import type { ModelPrice } from "../../llm/pricing";
import { hasCapability, type Routine, type Step } from "../../routine";

/**
 * A run as a hierarchy (issue #18, Allen's run → stage → actor → step), each level with its status, timing, tokens,
 * cost and progress. Pure: the run page computes it from the step runs it read, and again from the live run view's
 * state as events arrive. End steps are left out, as in the progress list (reaching one is the run's finish).
 *
 * A status rolls up from the steps below it, by the first rule that holds:
 *  1. no step has run yet → pending
 *  2. a step failed → failed; else a step is running → running; else a step waits → waiting
 *  3. every step was skipped → skipped; every step was skipped or cancelled → cancelled; a stage an operator
 *     cancelled whose steps all finished, some of them skipped by the cancel → cancelled
 *  4. every step finished (succeeded, skipped or cancelled) → succeeded
 *  5. some steps finished and the rest are not reached yet: the run's own state decides — paused while it is
 *     paused, failed or cancelled when it ended so, otherwise running (the engine is between two of its steps).
 * A step's state is that of its latest execution (a loop's last pass, a retried stage's new run).
 *
 * Times: startedAt is the earliest start below, finishedAt the latest finish once nothing below is still to run,
 * durationMs the span between them (null until finished). Tokens add up every execution (a loop's passes, a
 * retried stage's runs); `stepsDone / stepsTotal` counts each step once, done when its latest execution succeeded
 * or was skipped. Cost is null when a step that used tokens has no known price.
 */

export type HierarchyStatus = StepState | "paused";

export type HierarchyTotals = {
  status: HierarchyStatus;
  startedAt: string | null;
  finishedAt: string | null;
  durationMs: number | null;
  inputTokens: number;
  outputTokens: number;
  /** US dollars (an estimate); null when a price is unknown. */
  cost: number | null;
  stepsDone: number;
  stepsTotal: number;
};

/** One execution of a step, as the run view or the database has it. Dates as ISO text or Date. */
export type HierarchyStepRun = {
  stepRunId: string | null;
  stepId: string;
  iteration: number;
  state: StepState;
  inputTokens: number;
  outputTokens: number;
  startedAt: string | Date | null;
  finishedAt: string | Date | null;
};

export type HierarchyActor = { id: string; name: string; model: string | null };

export type StepNode = HierarchyTotals & {
  stepId: string;
  name: string;
  kind: Step["kind"];
  /** How many times the step ran (its executions, skip marks included). */
  executions: number;
  /** The latest execution's step run, null before the step ran. */
  stepRunId: string | null;
};

export type ActorNode = HierarchyTotals & {
  /** Null: the run's executor with no actor profile. */
  actorId: string | null;
  name: string;
  steps: StepNode[];
};

export type StageNode = HierarchyTotals & {
  /** Null for the group of steps in no stage ("Unstaged steps"). */
  stageId: string | null;
  name: string;
  actors: ActorNode[];
  /** The most times any of its steps ran: 2 after the stage was retried once. */
  passes: number;
};

export type RunHierarchy = Omit<HierarchyTotals, "status"> & { status: RunStatus; stages: StageNode[] };

export type RunHierarchyInput = {
  routine: Pick<Routine, "steps" | "stages">;
  /** Every execution of every step, in any order (a later one of the same iteration wins). */
  stepRuns: readonly HierarchyStepRun[];
  runStatus: RunStatus;
  /** The actor the run works as; null when it has none. */
  actor: HierarchyActor | null;
  /** Actor profiles by id, for the actor a sub-routine step names (its child works as that actor). */
  actors?: ReadonlyMap<string, HierarchyActor>;
  /** The model the run's tokens were spent on, for steps whose actor names none. */
  runModel: string | null;
  /** The price of a model's tokens; null when unknown. */
  priceOf: (model: string | null) => ModelPrice | null;
  /** Stages an operator cancelled and did not retry since (the run's stage interventions say which). */
  cancelledStageIds?: ReadonlySet<string>;
};

export const UNSTAGED_NAME = "Unstaged steps";
const EXECUTOR_NAME = "Run executor";

const FINISHED: ReadonlySet<StepState> = new Set(["succeeded", "failed", "skipped", "cancelled"]);
const DONE: ReadonlySet<StepState> = new Set(["succeeded", "skipped"]);

const isoOf = (value: string | Date | null): string | null =>
  value === null ? null : typeof value === "string" ? value : value.toISOString();
const timeOf = (iso: string | null) => (iso === null ? null : Date.parse(iso));

/** The run's hierarchy: its stages in the routine's order, then the steps in no stage (only if there are any). */
export function buildRunHierarchy(input: RunHierarchyInput): RunHierarchy {
  const runsByStep = groupRuns(input.stepRuns);
  const stageIds = new Set(input.routine.stages.map((stage) => stage.id));
  const byStage = new Map<string | null, Step[]>();
  for (const step of input.routine.steps) {
    if (hasCapability(step, "endsRun")) continue;
    const key = step.stageId !== undefined && stageIds.has(step.stageId) ? step.stageId : null;
    byStage.set(key, [...(byStage.get(key) ?? []), step]);
  }
  const groups: Array<{ stageId: string | null; name: string; steps: Step[] }> = input.routine.stages.flatMap(
    (stage) => {
      const steps = byStage.get(stage.id);
      return steps ? [{ stageId: stage.id, name: stage.name, steps }] : [];
    },
  );
  const unstaged = byStage.get(null);
  if (unstaged) groups.push({ stageId: null, name: UNSTAGED_NAME, steps: unstaged });

  const stages = groups.map((group): StageNode => {
    const steps = group.steps.map((step) => stepNode(step, runsByStep.get(step.id) ?? [], input));
    const cancelled = group.stageId !== null && input.cancelledStageIds?.has(group.stageId) === true;
    const actors = actorNodes(group.steps, steps, input).map((actor) =>
      cancelled ? { ...actor, status: cancelledStatus(actor, actor.steps) } : actor,
    );
    const totals = rollUp(steps, input.runStatus);
    return {
      ...totals,
      status: cancelled ? cancelledStatus(totals, steps) : totals.status,
      stageId: group.stageId,
      name: group.name,
      actors,
      passes: Math.max(0, ...steps.map((step) => step.executions)),
    };
  });
  const { status: _rolled, ...totals } = rollUp(stages, input.runStatus);
  return { ...totals, status: input.runStatus, stages };
}

function groupRuns(stepRuns: readonly HierarchyStepRun[]): Map<string, HierarchyStepRun[]> {
  const byStep = new Map<string, HierarchyStepRun[]>();
  for (const run of stepRuns) byStep.set(run.stepId, [...(byStep.get(run.stepId) ?? []), run]);
  return byStep;
}

/** The actor a step works as: its own when it names one (a sub-routine step may), else the run's. */
function actorOf(step: Step, input: RunHierarchyInput): HierarchyActor | null {
  if ("actorId" in step && step.actorId !== undefined)
    return input.actors?.get(step.actorId) ?? { id: step.actorId, name: step.actorId, model: null };
  return input.actor;
}

function stepNode(step: Step, runs: readonly HierarchyStepRun[], input: RunHierarchyInput): StepNode {
  let latest: HierarchyStepRun | null = null;
  for (const run of runs) if (!latest || run.iteration >= latest.iteration) latest = run;
  const state: StepState = latest?.state ?? "pending";
  const price = input.priceOf(actorOf(step, input)?.model ?? input.runModel);
  let inputTokens = 0;
  let outputTokens = 0;
  let startedAt: string | null = null;
  let finishedAt: string | null = null;
  for (const run of runs) {
    inputTokens += run.inputTokens;
    outputTokens += run.outputTokens;
    startedAt = earliest(startedAt, isoOf(run.startedAt));
    finishedAt = latestOf(finishedAt, isoOf(run.finishedAt));
  }
  const finished = FINISHED.has(state) ? finishedAt : null;
  const used = inputTokens + outputTokens > 0;
  return {
    stepId: step.id,
    name: step.name,
    kind: step.kind,
    executions: runs.length,
    stepRunId: latest?.stepRunId ?? null,
    status: state,
    startedAt,
    finishedAt: finished,
    durationMs: span(startedAt, finished),
    inputTokens,
    outputTokens,
    cost: !used ? 0 : price ? (inputTokens * price.input + outputTokens * price.output) / 1_000_000 : null,
    stepsDone: DONE.has(state) ? 1 : 0,
    stepsTotal: 1,
  };
}

/** One node per actor among the stage's steps, in the order their first step comes. */
function actorNodes(steps: readonly Step[], nodes: readonly StepNode[], input: RunHierarchyInput): ActorNode[] {
  const byActor = new Map<string | null, { actor: HierarchyActor | null; steps: StepNode[] }>();
  steps.forEach((step, index) => {
    const actor = actorOf(step, input);
    const key = actor?.id ?? null;
    const entry = byActor.get(key) ?? { actor, steps: [] };
    entry.steps.push(nodes[index]!);
    byActor.set(key, entry);
  });
  return [...byActor.values()].map(({ actor, steps: actorSteps }) => ({
    ...rollUp(actorSteps, input.runStatus),
    actorId: actor?.id ?? null,
    name: actor?.name ?? EXECUTOR_NAME,
    steps: actorSteps,
  }));
}

/** A level of a cancelled stage: cancelled once its steps all finished, some skipped by the cancel. */
function cancelledStatus(totals: HierarchyTotals, steps: readonly StepNode[]): HierarchyStatus {
  const over = totals.status === "succeeded" || totals.status === "skipped";
  return over && steps.some((step) => step.status === "skipped") ? "cancelled" : totals.status;
}

/** The totals of a level from the nodes below it (rules in the module comment). */
export function rollUp(children: readonly HierarchyTotals[], runStatus: RunStatus): HierarchyTotals {
  let inputTokens = 0;
  let outputTokens = 0;
  let cost: number | null = 0;
  let stepsDone = 0;
  let stepsTotal = 0;
  let startedAt: string | null = null;
  let finishedAt: string | null = null;
  for (const child of children) {
    inputTokens += child.inputTokens;
    outputTokens += child.outputTokens;
    cost = cost === null || child.cost === null ? null : cost + child.cost;
    stepsDone += child.stepsDone;
    stepsTotal += child.stepsTotal;
    startedAt = earliest(startedAt, child.startedAt);
    finishedAt = latestOf(finishedAt, child.finishedAt);
  }
  const status = rolledStatus(
    children.map((child) => child.status),
    runStatus,
  );
  const finished = FINISHED.has(status as StepState) ? finishedAt : null;
  return {
    status,
    startedAt,
    finishedAt: finished,
    durationMs: span(startedAt, finished),
    inputTokens,
    outputTokens,
    cost,
    stepsDone,
    stepsTotal,
  };
}

function rolledStatus(states: readonly HierarchyStatus[], runStatus: RunStatus): HierarchyStatus {
  const has = (state: HierarchyStatus) => states.includes(state);
  if (states.every((state) => state === "pending")) return "pending";
  if (has("failed")) return "failed";
  if (has("running")) return "running";
  if (has("waiting")) return "waiting";
  if (states.every((state) => state === "skipped")) return "skipped";
  if (states.every((state) => state === "skipped" || state === "cancelled")) return "cancelled";
  if (states.every((state) => state === "succeeded" || state === "skipped" || state === "cancelled"))
    return "succeeded";
  if (runStatus === "paused" || has("paused")) return "paused";
  if (runStatus === "failed" || runStatus === "cancelled") return runStatus;
  return "running";
}

function earliest(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return Date.parse(b) < Date.parse(a) ? b : a;
}

function latestOf(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return Date.parse(b) > Date.parse(a) ? b : a;
}

function span(start: string | null, end: string | null): number | null {
  const from = timeOf(start);
  const to = timeOf(end);
  return from === null || to === null ? null : Math.max(0, to - from);
}
