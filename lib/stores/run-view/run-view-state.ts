import type { PlanState, RunStatus, STEP_INTERVENTIONS, StepState } from "../../events";
import { NO_CONTEXT_USE, type ContextUse } from "./context-use";
import { hasCapability, type JsonValue, type Routine } from "../../routine";
import { pastExecutionsOf, type PastExecution } from "./past-executions";
import type { RunLogEntry } from "./run-log";
import { EMPTY_PLANNED_VIEW, isTaskCall, plannedRoutine, type PlannedView } from "./planned-view";

/**
 * What the run view knows about a run: a header, and per step id what that step is doing. Built from a snapshot
 * the page reads from the database, then advanced by RunEvents (apply-events.ts). A routine run's structure (the
 * routine) never changes; a planned run's is the graph of what ran, rebuilt when a call or the plan is added
 * (planned-view.ts). Each event replaces one step's object at most, so a node subscribed to its step id re-renders
 * alone.
 */

export type ModelTurn = {
  at: string;
  content: string | null;
  toolCalls: { name: string; arguments: string }[];
  inputTokens: number;
  outputTokens: number;
};
export type ToolCallView = { server: string; tool: string; arguments: Record<string, unknown>; byModel: boolean };
export type RetryView = { at: string; attempt: number; reason: string; delayMs: number };
export type InterventionView = {
  at: string;
  by: string;
  action: (typeof STEP_INTERVENTIONS)[number];
  comment?: string;
  /** Why the operator retried or skipped the step. */
  reason?: string;
};
export type WaitingView = { for: "person" | "subroutine"; instruction?: string; childRunId?: string };

/** One step as the run view shows it: its latest execution (iteration) and that execution's attempts. */
export type StepView = {
  stepId: string;
  state: StepState;
  stepRunId: string | null;
  iteration: number;
  attempt: number;
  input: unknown;
  toolCall: ToolCallView | null;
  refusals: { tool: string; reason: string; corrective: boolean }[];
  output: unknown;
  variableKey: string | null;
  preview: string | null;
  error: string | null;
  modelTurns: ModelTurn[];
  inputTokens: number;
  outputTokens: number;
  startedAt: string | null;
  finishedAt: string | null;
  durationMs: number | null;
  retries: RetryView[];
  waiting: WaitingView | null;
  interventions: InterventionView[];
  skipReason: string | null;
};

export type RunHeaderView = {
  runId: string;
  /** How the run executes; absent means workflow (runs from before agent mode). A planned run has no routine. */
  mode?: "workflow" | "agent" | "planned";
  /** The executor model the run was started with, when not the configured one. */
  model?: string | null;
  status: RunStatus;
  /** Why the status is what it is (paused by whom, waiting for what), when the engine said. */
  statusReason: string | null;
  /** Null for a planned run (it follows no routine). */
  routineId: string | null;
  routineName: string;
  versionNumber: number | null;
  startedBy: { id: string; name: string } | null;
  source: string;
  inputs: Record<string, JsonValue>;
  request: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  inputTokens: number;
  outputTokens: number;
  error: string | null;
  outputs: Record<string, unknown> | null;
  budgetExceeded: { budget: string; limit: number; used: number } | null;
};

export type VariableView = { stepId: string; bytes: number; preview: string };

/** A stored event the server or this page could not read: where it was in the run, what it was, and why. */
export type UnreadableEventView = { seq: number; at: string; type: string; version: number | null; reason: string };

/**
 * The agent's log in agent mode, in event order: each model turn (what it said and which calls it asked for), each
 * call the engine sent (by the step run it was recorded as), and each call it refused with the reason. The state of
 * a call is its step's, read by step id, so this list only grows.
 */
export type AgentLogEntry =
  | {
      kind: "turn";
      seq: number;
      at: string;
      turn: number;
      content: string | null;
      toolCalls: { name: string; arguments: string }[];
      inputTokens: number;
      outputTokens: number;
    }
  | {
      kind: "call";
      seq: number;
      at: string;
      stepId: string;
      stepRunId: string;
      tool: string;
      arguments: Record<string, unknown>;
    }
  | { kind: "refused"; seq: number; at: string; turn: number; tool: string; reason: string }
  | {
      kind: "planner";
      seq: number;
      at: string;
      round: number;
      content: string | null;
      inputTokens: number;
      outputTokens: number;
    }
  | { kind: "plan"; seq: number; at: string; by: "planner" | "operator"; operator: string | null; summary: string }
  | {
      kind: "task";
      seq: number;
      at: string;
      taskId: string;
      event: "dispatched" | "reported";
      actorName: string | null;
      /** The actor's report (reported only). */
      report: string | null;
    };

export type RunViewState = {
  header: RunHeaderView;
  routine: Routine;
  /** Steps that are branches: their ways out are taken only by a branch.taken event. */
  branchStepIds: Record<string, true>;
  steps: Record<string, StepView>;
  /** Earlier executions of each step than the one its view shows, for totals over the whole run (by step id). */
  pastExecutions: Record<string, PastExecution[]>;
  /** Branch edges the engine took (other edges count as taken when both their ends ran). */
  takenEdges: Record<string, true>;
  progress: { done: string[]; current: string | null };
  variables: Record<string, VariableView>;
  /**
   * Step ids the run executed that are not steps of its routine (in agent mode, `call:<tool>` for a call no step
   * uses), in the order they first ran: listed beside the progress list, never drawn on the canvas.
   */
  extraStepIds: string[];
  agentLog: AgentLogEntry[];
  /** Operators' interventions and the run's explained status changes, in order (grows only). */
  runLog: RunLogEntry[];
  /** Prompt tokens the model turns carried, beside what full history would have cost. */
  contextUse: ContextUse;
  /** Events that could not be read, in order: the page says how many and why (decision 0039). */
  unreadableEvents: UnreadableEventView[];
  /** The newest event applied; events at or below it are duplicates. */
  lastSeq: number;
} & PlannedView;

/** A step run as the page reads it from the database (the DAL's view, dates as ISO strings). */
export type StepRunSnapshotView = {
  stepRunId: string;
  stepId: string;
  iteration: number;
  state: StepState;
  attempt: number;
  input: unknown;
  output: unknown;
  outputRef: string | null;
  error: string | null;
  inputTokens: number;
  outputTokens: number;
  startedAt: string | null;
  finishedAt: string | null;
};

/**
 * What the page hands the client: the run's header, its routine, its step runs, and the seq they reflect. A planned
 * run's routine is empty (the client draws what ran) and `plan` is its task list as stored; null for other runs.
 */
export type RunViewSnapshot = {
  header: RunHeaderView;
  routine: Routine;
  steps: StepRunSnapshotView[];
  lastSeq: number;
  plan: PlanState | null;
};

export function pendingStep(stepId: string): StepView {
  return {
    stepId,
    state: "pending",
    stepRunId: null,
    iteration: 0,
    attempt: 0,
    input: undefined,
    toolCall: null,
    refusals: [],
    output: undefined,
    variableKey: null,
    preview: null,
    error: null,
    modelTurns: [],
    inputTokens: 0,
    outputTokens: 0,
    startedAt: null,
    finishedAt: null,
    durationMs: null,
    retries: [],
    waiting: null,
    interventions: [],
    skipReason: null,
  };
}

const durationBetween = (start: string | null, end: string | null) =>
  start && end ? Math.max(0, Date.parse(end) - Date.parse(start)) : null;

/**
 * The state a snapshot describes. Each step shows its latest execution; a variable reference in the output
 * (`{ $var, preview }`, the runner's variable memory) is shown by its key.
 */
export function stateFromSnapshot(snapshot: RunViewSnapshot): RunViewState {
  const steps: Record<string, StepView> = {};
  for (const step of snapshot.routine.steps) steps[step.id] = pendingStep(step.id);
  for (const run of snapshot.steps) {
    const current = steps[run.stepId];
    if (current && current.iteration > run.iteration) continue;
    steps[run.stepId] = {
      ...pendingStep(run.stepId),
      state: run.state,
      stepRunId: run.stepRunId,
      iteration: run.iteration,
      attempt: run.attempt,
      input: run.input ?? undefined,
      output: run.output ?? undefined,
      variableKey: run.outputRef,
      error: run.error,
      inputTokens: run.inputTokens,
      outputTokens: run.outputTokens,
      startedAt: run.startedAt,
      finishedAt: run.finishedAt,
      durationMs: durationBetween(run.startedAt, run.finishedAt),
    };
  }
  const routineStepIds = new Set(snapshot.routine.steps.map((step) => step.id));
  const mode = snapshot.header.mode;
  // A planned run's calls are drawn once their events say which tool they called (step rows do not).
  const planned: PlannedView = mode === "planned" ? { ...EMPTY_PLANNED_VIEW, plan: snapshot.plan } : EMPTY_PLANNED_VIEW;
  return {
    header: snapshot.header,
    routine:
      mode === "planned"
        ? plannedRoutine({ request: snapshot.header.request, plan: snapshot.plan, callOrder: [], steps })
        : snapshot.routine,
    branchStepIds: Object.fromEntries(
      snapshot.routine.steps
        .filter((step) => hasCapability(step, "choosesWay"))
        .map((step) => [step.id, true as const]),
    ),
    steps,
    pastExecutions: pastExecutionsOf(snapshot.steps),
    takenEdges: {},
    progress: {
      done: snapshot.steps.filter((step) => step.state === "succeeded").map((step) => step.stepId),
      current: null,
    },
    variables: {},
    extraStepIds: [...new Set(snapshot.steps.map((step) => step.stepId))].filter(
      (id) => !routineStepIds.has(id) && !isTaskCall(mode, id),
    ),
    agentLog: [],
    runLog: [],
    contextUse: NO_CONTEXT_USE,
    unreadableEvents: [],
    lastSeq: snapshot.lastSeq,
    ...planned,
  };
}

/**
 * The state before any event: every step pending, the header's run-time fields cleared. Folding all of a run's
 * events over it gives the full history (model turns, tool calls, retries) that the step rows alone do not keep.
 */
export function emptyStateOf(snapshot: RunViewSnapshot): RunViewState {
  return stateFromSnapshot({
    ...snapshot,
    header: {
      ...snapshot.header,
      status: "queued",
      statusReason: null,
      startedAt: null,
      finishedAt: null,
      inputTokens: 0,
      outputTokens: 0,
      error: null,
      outputs: null,
      budgetExceeded: null,
    },
    steps: [],
    lastSeq: 0,
  });
}
