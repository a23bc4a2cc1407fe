import type { RunEventType } from "./run-events";

/** A stored event's data as JSON, between migration steps (before it is checked against its type's schema). */
export type StoredEventData = Record<string, unknown>;

/**
 * One event type's stored versions: `version` is the one this build writes and reads; `up[n]` turns data of version
 * n into version n + 1, so an event stored at any older version reads as the current one after its steps in turn.
 */
export type EventTypeVersions = {
  readonly version: number;
  readonly up: Readonly<Record<number, (data: StoredEventData) => StoredEventData>>;
};

/** Every event type at version 1: the shapes so far only gained optional fields, which older rows read as absent. */
const FIRST = { version: 1, up: {} } as const satisfies EventTypeVersions;

/**
 * The stored versions of every event type (decision 0039). Changing a type's data in a way older rows do not
 * already match (a field renamed, made required, a value reshaped) bumps its `version` and adds the `up` step from
 * the previous one; the stored-events fixture then needs an entry at the new version, and keeps the old ones, which
 * its test replays through the step. Typed over every RunEventType: a type added without an entry does not compile.
 */
export const EVENT_VERSIONS = {
  "run.queued": FIRST,
  "run.started": FIRST,
  "run.status": FIRST,
  "run.budget_exceeded": FIRST,
  "run.finished": FIRST,
  "step.started": FIRST,
  "step.model": FIRST,
  "context.compressed": FIRST,
  "step.tool_call": FIRST,
  "step.tool_refused": FIRST,
  "step.output": FIRST,
  "step.retrying": FIRST,
  "step.waiting": FIRST,
  "step.succeeded": FIRST,
  "step.failed": FIRST,
  "step.skipped": FIRST,
  "step.cancelled": FIRST,
  "step.intervention": FIRST,
  "stage.intervention": FIRST,
  "branch.taken": FIRST,
  "variable.set": FIRST,
  "progress.updated": FIRST,
  "agent.turn": FIRST,
  "plan.updated": FIRST,
  "task.dispatched": FIRST,
  "task.reported": FIRST,
  "planner.turn": FIRST,
  "agent.call_refused": FIRST,
} as const satisfies { readonly [T in RunEventType]: EventTypeVersions };

/** The versions a reader knows, by type name (the registry above, or a test's). */
export type EventVersionRegistry = Readonly<Record<string, EventTypeVersions>>;

/** The version of `type` this build writes. */
export function currentEventVersion(type: RunEventType): number {
  return EVENT_VERSIONS[type].version;
}
