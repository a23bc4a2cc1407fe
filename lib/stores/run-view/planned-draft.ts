import { taskOfStepId } from "../../events";
import type { AgentLogEntry } from "./run-view-state";
import type { PlannedView } from "./planned-view";

type PlannedEntry = Extract<AgentLogEntry, { kind: "plan" | "task" }>;

/**
 * A planned run's part of one batch of events (apply-events.ts): the task list, the task in hand, the calls in the
 * order they were sent. Says whether the graph of what ran must be rebuilt (`graphStale`): only when the plan
 * changed or a call was sent, never for a call's progress, which its node reads from the step itself.
 */
export class PlannedDraft {
  graphStale = false;
  private view: PlannedView;
  private copiedOrder = false;

  constructor(base: PlannedView) {
    this.view = {
      plan: base.plan,
      planChange: base.planChange,
      activeTaskId: base.activeTaskId,
      callOrder: base.callOrder,
      callsByTask: base.callsByTask,
    };
  }

  result(): PlannedView {
    return this.view;
  }

  /** The list changed (`plan.updated`), or a task was handed to an actor or reported back. */
  note(entry: PlannedEntry, plan?: PlannedView["plan"]) {
    if (entry.kind === "plan") {
      this.view = {
        ...this.view,
        plan: plan ?? this.view.plan,
        planChange: { at: entry.at, by: entry.by, operator: entry.operator, summary: entry.summary },
      };
      this.graphStale = true;
      return;
    }
    const active = this.view.activeTaskId;
    const next = entry.event === "dispatched" ? entry.taskId : active === entry.taskId ? null : active;
    if (next !== active) this.view = { ...this.view, activeTaskId: next };
  }

  /** A task's call (`t2-c1`) sent its tool call: drawn from now on, after the calls sent before it. */
  addCall(stepId: string) {
    const taskId = taskOfStepId(stepId)?.taskId;
    if (!taskId) return;
    const calls = this.view.callsByTask[taskId] ?? [];
    if (calls.includes(stepId)) return;
    // The order list is copied once per batch (a replayed history of hundreds of calls stays linear).
    const callOrder = this.copiedOrder ? this.view.callOrder : [...this.view.callOrder];
    this.copiedOrder = true;
    callOrder.push(stepId);
    this.view = { ...this.view, callOrder, callsByTask: { ...this.view.callsByTask, [taskId]: [...calls, stepId] } };
    this.graphStale = true;
  }
}
