import {
  describeUnreadableEvents,
  partitionStoredEvents,
  type RunEvent,
  type RunEventType,
  type StoredRunEvent,
  type ToolAnswerOrigin,
} from "../../events";
import type { JsonValue } from "../../routine";
import type { ActualCall } from "./case-schema";

/**
 * What the checker reads from a run: its tool calls and its branch path, from the run's events. Refused calls
 * (`step.tool_refused`) never reached a tool and are not calls the run made.
 */

function bySeq<T extends RunEvent>(events: readonly T[]): T[] {
  return [...events].sort((a, b) => a.seq - b.seq);
}

/** The run as the checker reads it, built event by event. */
type ScoringRead = {
  calls: ActualCall[];
  /** The call of each step run still waiting for its answer, by step run id. */
  open: Map<string, ActualCall>;
  path: string[];
};

type ScoringHandler<T extends RunEventType> = (read: ScoringRead, event: Extract<RunEvent, { type: T }>) => void;

/** An event that says nothing about the calls or the path. */
const nothing = () => {};

/**
 * What each event type tells the checker, typed over every RunEventType: a new event type does not compile until
 * it says whether it holds a call, a call's answer or a branch taken (decision 0039).
 */
const SCORING_HANDLERS = {
  "step.tool_call": (read, event) => {
    const call: ActualCall = { tool: event.data.tool, arguments: event.data.arguments as Record<string, JsonValue> };
    read.calls.push(call);
    read.open.set(event.data.stepRunId, call);
  },
  // Where the call's answer came from: the first step.output of its step run after it, when recorded.
  "step.output": (read, event) => {
    const call = read.open.get(event.data.stepRunId);
    if (!call) return;
    read.open.delete(event.data.stepRunId);
    if (event.data.origin) call.origin = event.data.origin;
  },
  // The tool answered the call with an error: the outcome beside the call's verdict.
  "step.failed": (read, event) => {
    const call = read.open.get(event.data.stepRunId);
    if (!call) return;
    read.open.delete(event.data.stepRunId);
    call.error = event.data.error;
  },
  "branch.taken": (read, event) => {
    read.path.push(event.data.label);
  },
  // A refused call never reached a tool; an agent's refused call neither.
  "step.tool_refused": nothing,
  "agent.call_refused": nothing,
  "run.queued": nothing,
  "run.started": nothing,
  "run.status": nothing,
  "run.budget_exceeded": nothing,
  "run.finished": nothing,
  "step.started": nothing,
  "step.model": nothing,
  "context.compressed": nothing,
  "step.retrying": nothing,
  "step.waiting": nothing,
  "step.succeeded": nothing,
  "step.skipped": nothing,
  "step.cancelled": nothing,
  "step.intervention": nothing,
  "stage.intervention": nothing,
  "variable.set": nothing,
  "progress.updated": nothing,
  "agent.turn": nothing,
  "plan.updated": nothing,
  "task.dispatched": nothing,
  "task.reported": nothing,
  "planner.turn": nothing,
} satisfies { [T in RunEventType]: ScoringHandler<T> };

function readScoring(events: readonly RunEvent[]): ScoringRead {
  const read: ScoringRead = { calls: [], open: new Map(), path: [] };
  for (const event of bySeq(events)) (SCORING_HANDLERS[event.type] as ScoringHandler<RunEventType>)(read, event);
  return read;
}

/**
 * The tool calls the engine sent, in `seq` order, as the checker reads them: tool name and arguments, and where the
 * answer came from (`origin`, from the call's step.output: the first one of its step run after it) when recorded.
 */
export function callsFromEvents(events: readonly RunEvent[]): ActualCall[] {
  return readScoring(events).calls;
}

/** The labels of the branch edges taken, in `seq` order. */
export function pathFromEvents(events: readonly RunEvent[]): string[] {
  return readScoring(events).path;
}

/** A run's stored events as the checker reads them, or why they cannot be judged. */
export type ScoringInput =
  { readable: true; events: RunEvent[]; calls: ActualCall[]; path: string[] } | { readable: false; reason: string };

/**
 * Reads a run's stored events for the checker. A run with an event the server could not read is not judged: a
 * missing call or branch would make its verdict wrong, so the reason ("Could not read 1 of the run's events: …")
 * is reported instead.
 */
export function readRunForScoring(stored: readonly StoredRunEvent[]): ScoringInput {
  const { events, unreadable } = partitionStoredEvents(stored);
  if (unreadable.length > 0) return { readable: false, reason: describeUnreadableEvents(unreadable) };
  const { calls, path } = readScoring(events);
  return { readable: true, events, calls, path };
}

/**
 * How many of the calls were answered live, from a pinned output, or simulated by the evaluation sandbox. Reads
 * stored calls defensively: anything that is not a list of calls counts nothing.
 */
export function countAnswerOrigins(calls: unknown): Record<ToolAnswerOrigin, number> {
  const counts: Record<ToolAnswerOrigin, number> = { live: 0, pinned: 0, simulated: 0 };
  if (!Array.isArray(calls)) return counts;
  for (const call of calls as Array<Partial<ActualCall> | null>) {
    const origin = call?.origin;
    if (origin === "live" || origin === "pinned" || origin === "simulated") counts[origin] += 1;
  }
  return counts;
}
