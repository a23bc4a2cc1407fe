import { randomBytes } from "node:crypto";
import { createTraceState, isSpanContextValid, isValidSpanId, isValidTraceId, trace } from "@opentelemetry/api";
import { z } from "zod";

/** A W3C `traceparent` header, read. */
export type TraceParent = { traceId: string; spanId: string; traceFlags: number };

// version-traceid-parentid-flags, lower-case hex (W3C Trace Context, level 1). A later version may append fields.
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
/** tracestate holds at most 32 members of at most 256 characters each; a longer header is not one to keep. */
const MAX_TRACESTATE_CHARS = 512;

/**
 * Reads a `traceparent` header; null for anything that is not a valid one (never an error: a caller's bad header
 * only means its trace is not continued). Version ff, an all-zero trace or parent id, or a version-00 header with
 * extra fields are invalid, as the W3C recommendation says.
 */
export function parseTraceparent(header: unknown): TraceParent | null {
  if (typeof header !== "string" || header.length > 256) return null;
  const match = TRACEPARENT.exec(header.trim());
  if (!match) return null;
  const [, version, traceId, spanId, flags, rest] = match;
  if (version === "ff" || (version === "00" && rest !== undefined)) return null;
  if (!isValidTraceId(traceId!) || !isValidSpanId(spanId!)) return null;
  return { traceId: traceId!, spanId: spanId!, traceFlags: parseInt(flags!, 16) };
}

/** The `traceparent` header of a span context: version 00. */
export function formatTraceparent(parent: TraceParent): string {
  return `00-${parent.traceId}-${parent.spanId}-${(parent.traceFlags & 0xff).toString(16).padStart(2, "0")}`;
}

/** A `tracestate` header with its invalid members left out; undefined when nothing valid is left. */
export function parseTracestate(header: unknown): string | undefined {
  if (typeof header !== "string" || header.length > MAX_TRACESTATE_CHARS) return undefined;
  return createTraceState(header).serialize() || undefined;
}

/**
 * Where a run's spans go, stored on the run when it is created (the `traceContext` column) so that every worker that
 * executes part of it, after a restart or a lost lease too, puts its spans in the same trace: under the caller's span
 * when the run was started with a `traceparent`, else as roots of a trace id of the run's own.
 */
export type RunTraceContext = {
  traceId: string;
  /** The caller's span: the run's spans are its children. Absent: they are the roots of their trace. */
  parentSpanId?: string;
  /** The caller's trace flags (whether it samples this trace); absent for a trace of the run's own. */
  traceFlags?: number;
  traceState?: string;
};

const hex = (length: number) => new RegExp(`^[0-9a-f]{${length}}$`);
const storedSchema = z.object({
  traceId: z.string().regex(hex(32)).refine(isValidTraceId),
  parentSpanId: z.string().regex(hex(16)).refine(isValidSpanId).optional(),
  traceFlags: z.number().int().min(0).max(255).optional(),
  traceState: z.string().max(MAX_TRACESTATE_CHARS).optional(),
});

/** A trace of the run's own: a random trace id, no parent. */
export function newRunTraceContext(): RunTraceContext {
  let traceId = randomBytes(16).toString("hex");
  while (!isValidTraceId(traceId)) traceId = randomBytes(16).toString("hex");
  return { traceId };
}

/**
 * The trace context a caller's W3C headers ask a run to continue; undefined when `traceparent` is absent or invalid
 * (the run then gets a trace of its own). An invalid `tracestate` is dropped on its own.
 */
export function callerTraceContext(traceparent: unknown, tracestate?: unknown): RunTraceContext | undefined {
  const parent = parseTraceparent(traceparent);
  if (!parent) return undefined;
  const traceState = parseTracestate(tracestate);
  return {
    traceId: parent.traceId,
    parentSpanId: parent.spanId,
    traceFlags: parent.traceFlags,
    ...(traceState ? { traceState } : {}),
  };
}

/**
 * The span executing now, as a run's trace context: a sub-routine's run started by a step continues its parent run's
 * trace under the parent's span. Undefined when no span is active (telemetry off, or outside a run).
 */
export function activeRunTraceContext(): RunTraceContext | undefined {
  const span = trace.getActiveSpan()?.spanContext();
  if (!span || !isSpanContextValid(span)) return undefined;
  const traceState = span.traceState?.serialize();
  return {
    traceId: span.traceId,
    parentSpanId: span.spanId,
    traceFlags: span.traceFlags,
    ...(traceState ? { traceState } : {}),
  };
}

/** The stored form of a run's trace context (JSON). */
export function serializeRunTraceContext(context: RunTraceContext): string {
  return JSON.stringify(context);
}

/** A run's stored trace context; null when there is none or it cannot be read (its spans then start a new trace). */
export function readRunTraceContext(stored: string | null | undefined): RunTraceContext | null {
  if (!stored) return null;
  try {
    const parsed = storedSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
