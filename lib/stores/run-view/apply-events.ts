import type { RunEvent, StoredRunEvent, UnreadableRunEvent } from "../../events";
import { headerPatch } from "./header-events";
import { PlannedDraft } from "./planned-draft";
import { isTaskCall, plannedRoutine, sameGraph, type PlannedView } from "./planned-view";
import type { Routine } from "../../routine";
import {
  pendingStep,
  type AgentLogEntry,
  type RunHeaderView,
  type RunViewState,
  type StepView,
} from "./run-view-state";
import { agentLogEntry, type AgentEvent } from "./agent-log";
import { withPastExecution, type PastExecution } from "./past-executions";
import { contextUseAfter, type ContextUse } from "./context-use";
import { stepPatch } from "./step-patches";
import { runLogEntry, type RunLogEntry } from "./run-log";

export type ApplyResult = {
  state: RunViewState;
  /** The seq that was expected when a batch skipped ahead (events lost in between): reconnect from state.lastSeq. */
  gapAt: number | null;
};

type StepEvent = Extract<RunEvent, { data: { stepRunId: string } }>;

/**
 * Applies events in seq order: duplicates (seq ≤ lastSeq) are ignored; at the first gap it stops and reports it, so
 * the caller re-reads from lastSeq rather than showing a state with a hole in it. An event the server or this page
 * could not read takes its seq and is listed in `unreadableEvents` (the page says so). Each step touched gets a new
 * object; every other step keeps its identity (what lets one event re-render one node). Pure.
 */
export function applyRunEvents(state: RunViewState, events: readonly StoredRunEvent[]): ApplyResult {
  const ordered = [...events].sort((a, b) => a.seq - b.seq);
  const draft = new Draft(state);
  for (const event of ordered) {
    if (event.seq <= draft.lastSeq) continue;
    if (event.seq !== draft.lastSeq + 1) return { state: draft.result(), gapAt: draft.lastSeq + 1 };
    draft.apply(event);
    draft.lastSeq = event.seq;
  }
  return { state: draft.result(), gapAt: null };
}

/** Copy-on-write over one batch: the steps record and the header are copied at most once per batch. */
class Draft {
  lastSeq: number;
  private header: RunHeaderView;
  private steps: Record<string, StepView>;
  private pastExecutions: Record<string, PastExecution[]>;
  private takenEdges: Record<string, true>;
  private progress: RunViewState["progress"];
  private variables: RunViewState["variables"];
  private extraStepIds: string[];
  private agentLog: AgentLogEntry[];
  private runLog: RunLogEntry[];
  private contextUse: ContextUse;
  private unreadableEvents: RunViewState["unreadableEvents"];
  private planned: PlannedDraft;
  private copied = new Set<string>();
  private routineStepIds: Set<string> | null = null;

  constructor(private readonly base: RunViewState) {
    this.lastSeq = base.lastSeq;
    this.header = base.header;
    this.steps = base.steps;
    this.pastExecutions = base.pastExecutions;
    this.takenEdges = base.takenEdges;
    this.progress = base.progress;
    this.variables = base.variables;
    this.extraStepIds = base.extraStepIds;
    this.agentLog = base.agentLog;
    this.runLog = base.runLog;
    this.contextUse = base.contextUse;
    this.unreadableEvents = base.unreadableEvents;
    this.planned = new PlannedDraft(base);
  }

  result(): RunViewState {
    if (this.lastSeq === this.base.lastSeq) return this.base;
    const planned = this.planned.result();
    return {
      ...this.base,
      ...planned,
      routine: this.plannedGraph(planned),
      header: this.header,
      steps: this.steps,
      pastExecutions: this.pastExecutions,
      takenEdges: this.takenEdges,
      progress: this.progress,
      variables: this.variables,
      extraStepIds: this.extraStepIds,
      agentLog: this.agentLog,
      runLog: this.runLog,
      contextUse: this.contextUse,
      unreadableEvents: this.unreadableEvents,
      lastSeq: this.lastSeq,
    };
  }

  /** Rebuilt only when a call was sent or the list changed, and kept when it draws the same: nodes re-render less. */
  private plannedGraph(planned: PlannedView): Routine {
    if (!this.planned.graphStale) return this.base.routine;
    const routine = plannedRoutine({ request: this.header.request, ...planned, steps: this.steps });
    return sameGraph(routine, this.base.routine) ? this.base.routine : routine;
  }

  /** One event; the switch names every event type, so a new type does not compile until the view handles it. */
  apply(event: StoredRunEvent): void {
    if (event.type === "unreadable") return this.noteUnreadable(event);
    const logged = runLogEntry(event);
    if (logged) this.runLog = [...this.runLog, logged];
    this.contextUse = contextUseAfter(this.contextUse, event) ?? this.contextUse;
    switch (event.type) {
      case "run.queued":
      case "run.started":
      case "run.status":
      case "run.budget_exceeded":
      case "run.finished":
        return this.setHeader(headerPatch(event, this.header));
      case "agent.turn":
      case "agent.call_refused":
      case "planner.turn":
      case "plan.updated":
      case "task.dispatched":
      case "task.reported":
        return this.applyAgentEvent(event);
      case "step.started":
        return this.startStep(event);
      case "step.model":
        this.setHeader({
          inputTokens: this.header.inputTokens + event.data.inputTokens,
          outputTokens: this.header.outputTokens + event.data.outputTokens,
        });
        return this.updateStep(event, stepPatch(event)!);
      case "step.tool_call":
        if (isTaskCall(this.header.mode, event.data.stepId)) this.planned.addCall(event.data.stepId);
        if (this.header.mode === "agent" || this.header.mode === "planned" || !this.isRoutineStep(event.data.stepId))
          this.log({
            kind: "call",
            seq: event.seq,
            at: event.at,
            stepId: event.data.stepId,
            stepRunId: event.data.stepRunId,
            tool: event.data.tool,
            arguments: event.data.arguments,
          });
        return this.updateStep(event, stepPatch(event)!);
      case "step.succeeded":
        this.markDone(event.data.stepId);
        return this.updateStep(event, stepPatch(event)!);
      case "step.tool_refused":
      case "step.output":
      case "step.retrying":
      case "step.waiting":
      case "step.failed":
      case "step.cancelled":
        return this.updateStep(event, stepPatch(event)!);
      case "step.skipped":
        // A step skipped while it ran or waited (an operator's skip) ends then; one never reached has no times.
        return this.replaceStep(event.data.stepId, (step) => ({
          ...step,
          state: "skipped",
          skipReason: event.data.reason ?? null,
          finishedAt: step.startedAt && !step.finishedAt ? event.at : step.finishedAt,
        }));
      case "step.intervention":
        return this.intervene(event);
      case "branch.taken":
        this.takenEdges = { ...this.takenEdges, [event.data.edgeId]: true };
        return;
      case "variable.set":
        this.variables = {
          ...this.variables,
          [event.data.key]: { stepId: event.data.stepId, bytes: event.data.bytes, preview: event.data.preview },
        };
        return;
      case "progress.updated":
        this.progress = { done: event.data.done, current: event.data.current };
        return;
      // Shown through the run log and the context use, read above.
      case "stage.intervention":
      case "context.compressed":
        return;
      default:
        return unhandled(event);
    }
  }

  /** An event that could not be read keeps its seq: the page lists it with the reason instead of leaving a hole. */
  private noteUnreadable(event: UnreadableRunEvent) {
    const { type, version, reason } = event.data;
    this.unreadableEvents = [...this.unreadableEvents, { seq: event.seq, at: event.at, type, version, reason }];
  }

  /**
   * An agent's or planner's own event, logged: a model turn (an actor's or the planner's, whose tokens count toward
   * the run's), a refused call, a change to the task list, a task handed to an actor or reported back (a report's
   * tokens are its actor's turns, already counted).
   */
  private applyAgentEvent(event: AgentEvent) {
    const agent = agentLogEntry(event);
    if (agent.kind === "turn" || agent.kind === "planner")
      this.setHeader({
        inputTokens: this.header.inputTokens + agent.inputTokens,
        outputTokens: this.header.outputTokens + agent.outputTokens,
      });
    if (agent.kind === "plan" || agent.kind === "task")
      this.planned.note(agent, event.type === "plan.updated" ? event.data.plan : undefined);
    this.log(agent);
  }

  private log(entry: AgentLogEntry) {
    if (!this.copied.has("agentLog")) {
      this.agentLog = [...this.agentLog];
      this.copied.add("agentLog");
    }
    this.agentLog.push(entry);
  }

  private isRoutineStep(stepId: string): boolean {
    this.routineStepIds ??= new Set(this.base.routine.steps.map((step) => step.id));
    return this.routineStepIds.has(stepId);
  }

  private setHeader(patch: Partial<RunHeaderView>) {
    this.header = { ...this.header, ...patch };
  }

  /** A new execution replaces this one in the step's view: its tokens and times still count toward the totals. */
  private rememberPast(step: StepView) {
    this.pastExecutions = withPastExecution(this.pastExecutions, step);
  }

  private markDone(stepId: string) {
    if (!this.progress.done.includes(stepId))
      this.progress = { ...this.progress, done: [...this.progress.done, stepId] };
  }

  /**
   * A step starts: a new execution (a later iteration, or a re-run from this step) starts from a clean view; a
   * further attempt of the same execution keeps what the earlier attempts left (retries, model turns) but clears
   * their error and result.
   */
  private startStep(event: Extract<RunEvent, { type: "step.started" }>) {
    const { stepId, stepRunId, iteration, attempt, input } = event.data;
    this.replaceStep(stepId, (step) => {
      const sameExecution = step.stepRunId === stepRunId && step.iteration === iteration;
      if (!sameExecution) this.rememberPast(step);
      const base = sameExecution ? step : pendingStep(stepId);
      return {
        ...base,
        state: "running",
        stepRunId,
        iteration,
        attempt,
        input: input === undefined ? base.input : input,
        error: null,
        output: undefined,
        variableKey: null,
        preview: null,
        toolCall: null,
        waiting: null,
        skipReason: null,
        startedAt: sameExecution && step.startedAt ? step.startedAt : event.at,
        finishedAt: null,
        durationMs: null,
      };
    });
    if (this.progress.done.includes(stepId))
      this.progress = { ...this.progress, done: this.progress.done.filter((id) => id !== stepId) };
  }

  /**
   * An operator stepped in. A retry puts the failed execution back to pending; an edited input starts a new
   * execution (its own step run), pending until the engine picks it up; a decision is noted on the waiting step.
   */
  private intervene(event: Extract<RunEvent, { type: "step.intervention" }>) {
    const { stepId, stepRunId, iteration, action, by, comment, reason } = event.data;
    const note = { at: event.at, by, action, comment, reason };
    if (action === "input_edited") {
      return this.replaceStep(stepId, (step) => {
        if (step.iteration > iteration) return step;
        this.rememberPast(step);
        return { ...pendingStep(stepId), stepRunId, iteration, interventions: [...step.interventions, note] };
      });
    }
    if (action === "retried") {
      return this.updateStep(event, (step) => ({
        state: "pending",
        error: null,
        finishedAt: null,
        durationMs: null,
        interventions: [...step.interventions, note],
      }));
    }
    return this.updateStep(event, (step) => ({ interventions: [...step.interventions, note] }));
  }

  /** Updates the step's current execution; an event about an older execution (a stale iteration) is ignored. */
  private updateStep(event: StepEvent, patch: (step: StepView) => Partial<StepView>) {
    const { stepId, stepRunId, iteration } = event.data;
    this.replaceStep(stepId, (step) => {
      if (step.iteration > iteration) return step;
      const adopted = step.stepRunId === stepRunId ? step : { ...step, stepRunId, iteration };
      return { ...adopted, ...patch(adopted) };
    });
  }

  private replaceStep(stepId: string, update: (step: StepView) => StepView) {
    // A step run the routine does not have (an agent's call no step uses) is listed, never drawn on the canvas.
    if (
      !this.steps[stepId] &&
      !this.isRoutineStep(stepId) &&
      !isTaskCall(this.header.mode, stepId) &&
      !this.extraStepIds.includes(stepId)
    )
      this.extraStepIds = [...this.extraStepIds, stepId];
    const current = this.steps[stepId] ?? pendingStep(stepId);
    const next = update(current);
    if (next === current) return;
    if (!this.copied.has("steps")) {
      this.steps = { ...this.steps };
      this.copied.add("steps");
    }
    this.steps[stepId] = next;
  }
}

/** Reached only when an event type is missing from Draft.apply's switch: then `event` is not `never`, a type error. */
function unhandled(event: never): void {
  void event;
}
