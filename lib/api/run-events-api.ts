import "server-only";
import { errorResponse } from "../actions";
import { canViewRun, getRun, listRunEvents, RUN_NOT_FOUND } from "../runs/operations";
import {
  createRunEventStream,
  createRunStatusStream,
  isFinished,
  lastEventIdOf,
  runEventBus,
  runStreamLimits,
  streamsPerUser,
  SSE_HEADERS,
  type RunEventBus,
  type StreamLimits,
  type StreamSlotLimiter,
} from "../events";
import { createSharedStreamLimiter, type SharedStreamLimiter } from "../db/stream-slots";
import { authenticateRequest, jsonError } from "./request-viewer";

/** What the stream routes share, injectable for tests: the bus, the per-user cap, the limits of each stream. */
export type StreamDeps = {
  bus: RunEventBus;
  limiter: StreamSlotLimiter;
  /** Left-out limits take the process's (runStreamLimits: defaults and RUN_STREAM_* variables). */
  limits?: Partial<StreamLimits>;
  pageSize?: number;
};

// The cap counts every web server process's streams (RUN_STREAMS_PER_USER); one limiter per process, on globalThis.
const globalForLimiter = globalThis as unknown as { routineStudioStreamLimiter?: SharedStreamLimiter };
const defaultDeps = (): StreamDeps => ({
  bus: runEventBus,
  limiter: (globalForLimiter.routineStudioStreamLimiter ??= createSharedStreamLimiter(streamsPerUser())),
});
const limitsOf = (deps: StreamDeps): StreamLimits => ({ ...runStreamLimits, ...deps.limits });

function tooManyStreams(limiter: StreamSlotLimiter): Response {
  return jsonError(
    429,
    `You have ${limiter.maxPerUser} live run streams open already; close some run pages (or finished streams) and try again.`,
    { "Retry-After": "5" },
  );
}

/**
 * GET /api/runs/[id]/events: the run's events as SSE. Authorizes the caller (a token with `runs:read`, or the session;
 * 404 when they may not see the run, as for an unknown one), takes one of their stream slots (429 when all are in use), then replays the
 * stored events after Last-Event-ID (header, or `?lastEventId=`) and tails live ones until the run finishes or the
 * client goes away. A finished run whose events the client already has answers 204, which tells EventSource to stop.
 * While open, the stream reads only as fast as the client does and checks every `recheckMs` that the caller's token
 * (not revoked, not expired) or session still holds and the run is still theirs to see; it ends on the limits of
 * createSseStream.
 */
export async function streamRunEvents(
  request: Request,
  runId: string,
  deps: StreamDeps = defaultDeps(),
): Promise<Response> {
  const authenticated = await authenticateRequest(request, "runs:read");
  if (!authenticated.ok) return authenticated.response;
  const access = authenticated.auth;
  // The viewer as last checked: a re-check picks up changed roles, and table reads use them.
  let viewer = access.viewer;
  let release: (() => void) | null = null;
  try {
    if (!(await canViewRun(viewer, runId))) return jsonError(404, RUN_NOT_FOUND);
    release = await deps.limiter.tryAcquire(viewer.id);
    if (!release) return tooManyStreams(deps.limiter);
    const run = await getRun(viewer, runId);
    const afterSeq = lastEventIdOf(request);
    const finishedAtSeq = isFinished(run.status) ? run.lastSeq : null;
    if (finishedAtSeq !== null && afterSeq >= finishedAtSeq) {
      release();
      return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
    }
    const body = createRunEventStream({
      runId,
      afterSeq,
      finishedAtSeq,
      loadPage: (after, limit) => listRunEvents(viewer, { runId, afterSeq: after, limit }),
      subscribe: (listener) => deps.bus.subscribe(runId, listener),
      signal: request.signal,
      limits: limitsOf(deps),
      pageSize: deps.pageSize,
      recheck: async () => {
        const now = await access.recheck();
        if (!now || !(await canViewRun(now, runId))) return false;
        viewer = now;
        return true;
      },
      onClose: closeKeepingRequest(request, release),
    });
    return new Response(body, { headers: SSE_HEADERS });
  } catch (error) {
    release?.();
    return errorResponse(error);
  }
}

/**
 * GET /api/runs/events: live status changes of every run the caller may see (the runs list). Same authentication
 * (`runs:read`), per-user cap, limits and re-checks as a run's stream; no replay.
 */
export async function streamRunStatuses(request: Request, deps: StreamDeps = defaultDeps()): Promise<Response> {
  const authenticated = await authenticateRequest(request, "runs:read");
  if (!authenticated.ok) return authenticated.response;
  const access = authenticated.auth;
  let viewer = access.viewer;
  const release = await deps.limiter.tryAcquire(viewer.id);
  if (!release) return tooManyStreams(deps.limiter);
  const body = createRunStatusStream({
    subscribeAll: (listener) => deps.bus.subscribeAll(listener),
    mayView: (runId) => canViewRun(viewer, runId),
    signal: request.signal,
    limits: limitsOf(deps),
    recheck: async () => {
      const now = await access.recheck();
      if (now) viewer = now;
      return now !== null;
    },
    onClose: closeKeepingRequest(request, release),
  });
  return new Response(body, { headers: SSE_HEADERS });
}

/**
 * The stream's onClose: frees the stream slot, and holds `request` until then. Node's Request (undici) forwards an
 * abort to `request.signal` through a weak reference to its own AbortController; a stream that kept only the signal
 * let the Request be garbage-collected, and a client that went away then never released its slot.
 */
function closeKeepingRequest(request: Request, release: () => void): () => void {
  return () => {
    release();
    void request.signal;
  };
}
