import { hasCapability } from "../../routine";
import type { PlanState, StepState, TaskStatus } from "../../events";
import { plannedEndState } from "../../runs/planned";
import { isPlannedEnd } from "./planned-view";
import type { RunViewStoreState } from "./run-view-store";
import type { StepView } from "./run-view-state";

// Module-scope selectors (STYLE #6): components pass them to the store hook with useShallow, so each subscribes to
// the smallest slice it draws and an event about one step re-renders that step's node only.

export type NodeRunView = {
  state: StepState;
  attempt: number;
  error: string | null;
  waitingFor: "person" | "subroutine" | null;
  selected: boolean;
  current: boolean;
};

/** What a canvas node draws for its step. */
export function selectNodeRunView(state: RunViewStoreState, stepId: string): NodeRunView {
  const step = state.steps[stepId];
  return {
    state: plannedEndStateOf(state, stepId) ?? step?.state ?? "pending",
    attempt: step?.attempt ?? 0,
    error: step?.error ?? null,
    waitingFor: step?.waiting?.for ?? null,
    selected: state.selectedStepId === stepId,
    current: state.progress.current === stepId,
  };
}

/** How a planned run's end step looks (how the run ended); undefined for every other step, which has its own state. */
function plannedEndStateOf(state: RunViewStoreState, stepId: string): StepState | undefined {
  return isPlannedEnd(state.header.mode, stepId) ? plannedEndState(state.header.status) : undefined;
}

const ran = (step: StepView | undefined) => step !== undefined && step.state !== "pending" && step.state !== "skipped";

/**
 * Whether the run went along an edge: a branch's way out only when the engine says it took it; the way into a planned
 * run's answer once the run succeeded with it (its calls are chained in the order they ran, and an actor may go on
 * after a call that failed, so the last call's state says nothing); any other edge when its source succeeded and its
 * target ran.
 */
export function selectEdgeTaken(
  state: RunViewStoreState,
  edge: { id: string; source: string; target: string },
): boolean {
  if (state.takenEdges[edge.id]) return true;
  if (state.branchStepIds[edge.source]) return false;
  const end = plannedEndStateOf(state, edge.target);
  if (end !== undefined) return end === "succeeded";
  return state.steps[edge.source]?.state === "succeeded" && ran(state.steps[edge.target]);
}

export const selectHeader = (state: RunViewStoreState) => state.header;
export const selectSelectedStep = (state: RunViewStoreState): StepView | null =>
  state.selectedStepId ? (state.steps[state.selectedStepId] ?? null) : null;
export const selectConnection = (state: RunViewStoreState) => state.connection;

/** The steps the progress list shows (every kind but end), in the routine's order: structure, never changes. */
export function progressStepIds(state: Pick<RunViewStoreState, "routine">): string[] {
  return state.routine.steps.filter((step) => !hasCapability(step, "endsRun")).map((step) => step.id);
}

export type ProgressCounts = { done: number; skipped: number; total: number };

/**
 * How many progress steps succeeded, how many were skipped (a way a branch did not take, an operator's skip), and how
 * many there are. Skipped steps are counted apart: none of their work was done, and counting them as done made a run
 * that skipped a branch read "6 of 6 steps done".
 */
export function selectProgressCounts(state: RunViewStoreState): ProgressCounts {
  const counts = { done: 0, skipped: 0, total: 0 };
  for (const step of state.routine.steps) {
    if (hasCapability(step, "endsRun")) continue;
    counts.total += 1;
    const stepState = state.steps[step.id]?.state;
    if (stepState === "succeeded") counts.done += 1;
    if (stepState === "skipped") counts.skipped += 1;
  }
  return counts;
}

/** "5 of 6 steps done · 1 skipped"; without skipped steps just "5 of 6 steps done". */
export function progressSummary({ done, skipped, total }: ProgressCounts): string {
  const summary = `${done} of ${total} steps done`;
  return skipped === 0 ? summary : `${summary} · ${skipped} skipped`;
}

/** The agent's log (model turns, calls, refusals), in order: grows only, so a new entry re-renders the list alone. */
export const selectAgentLog = (state: RunViewStoreState) => state.agentLog;

/** Operators' interventions and the run's explained status changes, in order: grows only. */
export const selectRunLog = (state: RunViewStoreState) => state.runLog;

/** Step ids the run executed beyond its routine's steps (an agent's `call:<tool>`), in the order they first ran. */
export const selectExtraStepIds = (state: RunViewStoreState) => state.extraStepIds;

/** How the run executes; runs from before agent mode are workflows; a planned run follows no routine. */
export const selectRunMode = (state: RunViewStoreState) => state.header.mode ?? "workflow";

/** A planned run's task list (replaced whole on each change); null for routine runs. */
export const selectPlan = (state: RunViewStoreState) => state.plan;
/** Who last changed the task list and what they said changed. */
export const selectPlanChange = (state: RunViewStoreState) => state.planChange;

/**
 * A task's status as the list shows it: the plan's, except that a pending task an actor was just handed counts as
 * running before the planner's next list says so.
 */
export function selectTaskStatus(state: RunViewStoreState, taskId: string, status: TaskStatus): TaskStatus {
  return status === "pending" && state.activeTaskId === taskId ? "running" : status;
}

/** The step ids of a task's calls (`t2-c1`, …) in the order they were sent; the same array until the task calls again. */
export const selectTaskCalls = (state: RunViewStoreState, taskId: string): readonly string[] =>
  state.callsByTask[taskId] ?? NO_CALLS;
const NO_CALLS: readonly string[] = [];

/** "3 of 7 tasks done": dropped tasks count toward neither; failed ones are counted apart. */
export function taskCounts(plan: PlanState | null): { done: number; total: number; failed: number; dropped: number } {
  const counts = { done: 0, total: 0, failed: 0, dropped: 0 };
  for (const task of plan?.tasks ?? []) {
    if (task.status === "dropped") {
      counts.dropped += 1;
      continue;
    }
    counts.total += 1;
    if (task.status === "done") counts.done += 1;
    if (task.status === "failed") counts.failed += 1;
  }
  return counts;
}
