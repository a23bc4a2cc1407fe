import type { StoredRunEvent } from "./stored-events";

/**
 * One encoder for the run stream, used by the SSE route (and its tests): `id:` is the event's seq, so a client that
 * reconnects sends it back as Last-Event-ID and the route replays what came after. An event the server could not read
 * is sent in its place as such, so the client keeps every seq and can say what it could not show.
 */
export function encodeSseEvent(event: StoredRunEvent): string {
  return `id: ${event.seq}\nevent: run\ndata: ${JSON.stringify(event)}\n\n`;
}

/** A comment line that keeps proxies and browsers from closing an idle stream. */
export const SSE_KEEP_ALIVE = ": keep-alive\n\n";

/** Tells the client how long to wait before reconnecting after the stream ends. */
export function encodeSseRetry(ms: number): string {
  return `retry: ${Math.max(0, Math.round(ms))}\n\n`;
}

/** The Last-Event-ID a client sent (header, or `lastEventId` query for clients that cannot set headers); 0 if none. */
export function lastEventIdOf(request: Request): number {
  const raw = request.headers.get("last-event-id") ?? new URL(request.url).searchParams.get("lastEventId");
  const value = raw === null ? 0 : Number(raw);
  return Number.isInteger(value) && value >= 0 ? value : 0;
}

/** The headers of an SSE response: no caching, no transformation or buffering by proxies, no compression. */
export const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-cache, no-transform",
  Connection: "keep-alive",
  "X-Accel-Buffering": "no",
  "Content-Encoding": "identity",
} as const;
