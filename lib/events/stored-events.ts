import { z } from "zod";
import { EVENT_VERSIONS, type EventVersionRegistry, type StoredEventData } from "./event-versions";
import {
  parseEventData,
  parseRunEvent,
  RUN_EVENT_TYPES,
  type RunEvent,
  type RunEventInput,
  type RunEventType,
} from "./run-events";

/**
 * Stored events carry the version of their type's data (decision 0039): written with the current one, read through
 * the type's migration steps, and reported, never dropped, when they cannot be read.
 */

/**
 * The payload key that holds the version its data was written at. A payload without it was stored before events
 * had versions, and reads as version 1. No event type has a field of this name.
 */
export const STORED_VERSION_KEY = "_v";

/**
 * A stored event this build cannot read: a type it does not know, a version newer than it reads, or data that does
 * not match its type's schema. It keeps its place in the run (seq), so readers can say what they could not read.
 */
export type UnreadableRunEvent = {
  runId: string;
  seq: number;
  at: string;
  type: "unreadable";
  data: {
    /** The type the row was stored with. */
    type: string;
    /** The version it was stored at, when that could be read. */
    version: number | null;
    reason: string;
  };
};

/** What reading a stored event gives: the event at its type's current version, or why it could not be read. */
export type StoredRunEvent = RunEvent | UnreadableRunEvent;

/** A `run_event` row as the database keeps it: the payload is JSON text. */
export type StoredEventRow = { runId: string; seq: number; at: string; type: string; payload: string };

export const isReadable = (event: StoredRunEvent): event is RunEvent => event.type !== "unreadable";
export const isUnreadable = (event: StoredRunEvent): event is UnreadableRunEvent => event.type === "unreadable";

/** The `payload` column of an event about to be stored: its data, stamped with its type's current version. */
export function storedEventPayload(event: RunEventInput): string {
  return JSON.stringify({ [STORED_VERSION_KEY]: EVENT_VERSIONS[event.type].version, ...event.data });
}

const isRunEventType = (type: string): type is RunEventType => (RUN_EVENT_TYPES as readonly string[]).includes(type);

const isObject = (value: unknown): value is StoredEventData =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Reads a stored event: its data migrated forward from the version it was written at to the current one, step by
 * step, then checked against its type's schema. Anything that stops it (an unknown type, a version from the future,
 * a payload that is not JSON or fails the schema, a migration step that throws) gives an UnreadableRunEvent with the
 * reason. `versions` is the registry to read with (tests pass one with more versions).
 */
export function readStoredRunEvent(
  row: StoredEventRow,
  versions: EventVersionRegistry = EVENT_VERSIONS,
): StoredRunEvent {
  const { runId, seq, at, type } = row;
  const unreadable = (reason: string, version: number | null = null): UnreadableRunEvent => ({
    runId,
    seq,
    at,
    type: "unreadable",
    data: { type, version, reason },
  });
  const known = Object.hasOwn(versions, type) ? versions[type] : undefined;
  if (!known || !isRunEventType(type))
    return unreadable(`"${type}" is not an event type this version of Routine Studio knows.`);
  let payload: unknown;
  try {
    payload = JSON.parse(row.payload);
  } catch {
    return unreadable("Its payload is not JSON.");
  }
  if (!isObject(payload)) return unreadable("Its payload is not a JSON object.");
  const { [STORED_VERSION_KEY]: stamped, ...fields } = payload;
  const version = stamped ?? 1;
  if (typeof version !== "number" || !Number.isInteger(version) || version < 1)
    return unreadable(`Its version (${JSON.stringify(stamped)}) is not a whole number from 1.`);
  if (version > known.version)
    return unreadable(
      `It was written as version ${version} of "${type}" by a newer Routine Studio; this one reads up to version ${known.version}.`,
      version,
    );
  let data: StoredEventData = fields;
  for (let step = version; step < known.version; step++) {
    const up = known.up[step];
    if (!up) return unreadable(`Nothing migrates "${type}" from version ${step} to ${step + 1}.`, version);
    try {
      data = up(data);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      return unreadable(`Migrating it from version ${step} to ${step + 1} failed: ${why}`, version);
    }
  }
  const parsed = parseEventData(type, data);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join(".") || "(data)"}: ${issue.message}`);
    return unreadable(`Its data does not match "${type}" version ${known.version}: ${issues.join("; ")}`, version);
  }
  return { runId, seq, at, type, data: parsed.data } as RunEvent;
}

const unreadableSchema = z.object({
  runId: z.string(),
  seq: z.number().int().min(1),
  at: z.string(),
  type: z.literal("unreadable"),
  data: z.object({ type: z.string(), version: z.number().int().nullable(), reason: z.string() }),
});

const envelopeSchema = z.object({ runId: z.string(), seq: z.number().int().min(1), at: z.string(), type: z.string() });

/**
 * Reads an event as the run stream sends it: an event, an unreadable one the server reported, or one this page
 * cannot parse (a newer server), which is reported in its place so the run keeps every seq. Null only for a message
 * that is not an event at all (no seq to place it at).
 */
export function readStreamedRunEvent(raw: unknown): StoredRunEvent | null {
  const event = parseRunEvent(raw);
  if (event) return event;
  const reported = unreadableSchema.safeParse(raw);
  if (reported.success) return reported.data;
  const envelope = envelopeSchema.safeParse(raw);
  if (!envelope.success) return null;
  const { runId, seq, at, type } = envelope.data;
  return {
    runId,
    seq,
    at,
    type: "unreadable",
    data: { type, version: null, reason: `This page cannot read a "${type}" event; reloading the page may help.` },
  };
}

/** Splits read events from those that could not be read, each in the order given. */
export function partitionStoredEvents(events: readonly StoredRunEvent[]): {
  events: RunEvent[];
  unreadable: UnreadableRunEvent[];
} {
  return { events: events.filter(isReadable), unreadable: events.filter(isUnreadable) };
}

/** "Could not read 2 of the run's events: #4 step.exploded (its reason); …", for a case or an export to report. */
export function describeUnreadableEvents(unreadable: readonly UnreadableRunEvent[]): string {
  const each = unreadable.map((event) => `#${event.seq} ${event.data.type} (${event.data.reason})`);
  return `Could not read ${unreadable.length} of the run's events: ${each.join("; ")}`;
}
