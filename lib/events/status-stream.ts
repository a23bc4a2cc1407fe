import { RUN_STATUSES, type RunEvent, type RunStatus } from "./run-events";
import { CLIENT_STOPPED_READING, createSseStream } from "./sse-stream";
import { DEFAULT_STREAM_LIMITS, type StreamLimits } from "./stream-limits";

/** A run's status as the runs list follows it: derived from the run-level events of every run. */
export type RunStatusUpdate = { runId: string; status: RunStatus; seq: number; at: string };

/** The status a run-level event moves its run to; null for step events and the like. */
export function statusUpdateOf(event: RunEvent): RunStatusUpdate | null {
  const status =
    event.type === "run.queued"
      ? "queued"
      : event.type === "run.started"
        ? "running"
        : event.type === "run.status" || event.type === "run.finished"
          ? event.data.status
          : null;
  return status ? { runId: event.runId, status, seq: event.seq, at: event.at } : null;
}

/** One status update as an SSE message (`event: status`); no `id:`, since seqs are per run and this spans runs. */
export function encodeSseStatus(update: RunStatusUpdate): string {
  return `event: status\ndata: ${JSON.stringify(update)}\n\n`;
}

/** Parses a status message's data; null when it is not one. */
export function parseStatusUpdate(raw: unknown): RunStatusUpdate | null {
  if (!raw || typeof raw !== "object") return null;
  const value = raw as Record<string, unknown>;
  if (typeof value.runId !== "string" || typeof value.seq !== "number" || typeof value.at !== "string") return null;
  if (!(RUN_STATUSES as readonly unknown[]).includes(value.status)) return null;
  return { runId: value.runId, status: value.status as RunStatus, seq: value.seq, at: value.at };
}

export type RunStatusStreamOptions = {
  subscribeAll(listener: (events: RunEvent[]) => void): () => void;
  /** Whether the stream's viewer may see the run; asked once per run (again after each re-check), from the stream. */
  mayView(runId: string): Promise<boolean>;
  signal: AbortSignal;
  limits?: Partial<StreamLimits>;
  /** Asked every `recheckMs`: may the viewer still follow runs? false ends the stream (see createSseStream). */
  recheck?: () => Promise<boolean>;
  onClose?: () => void;
};

/**
 * The live status of every run the viewer may see, for the runs list. No replay (the page shows the stored
 * statuses; this stream brings what changes after): updates of runs the viewer may not see are never sent. Updates
 * go out only as fast as the client reads, the latest per run; a client with more than `maxPendingEvents` runs' changes
 * unsent is cut off, since there is no table to read them back from (the stored statuses are the page's to reload).
 */
export function createRunStatusStream(options: RunStatusStreamOptions): ReadableStream<Uint8Array> {
  // The latest unsent status per run, oldest change first: a client that is behind needs only where runs stand now.
  const pending = new Map<string, RunStatusUpdate>();
  const visible = new Map<string, boolean>();
  const maxPending = options.limits?.maxPendingEvents ?? DEFAULT_STREAM_LIMITS.maxPendingEvents;
  const recheck = options.recheck;

  return createSseStream({
    signal: options.signal,
    limits: options.limits,
    onClose: options.onClose,
    // The viewer's roles may have changed: answers about which runs they may see are asked afresh.
    recheck: recheck && (() => recheck().finally(() => visible.clear())),
    listen: (sse) =>
      options.subscribeAll((events) => {
        for (const event of events) {
          const update = statusUpdateOf(event);
          const kept = update && pending.get(update.runId);
          if (!update || (kept && kept.seq > update.seq)) continue;
          pending.delete(update.runId);
          pending.set(update.runId, update);
        }
        if (pending.size > maxPending) sse.cutOff(CLIENT_STOPPED_READING);
        sse.wake();
      }),
    pump: async (sse) => {
      while (!sse.closed) {
        if (pending.size === 0) {
          await sse.sleep();
          continue;
        }
        await sse.demand();
        const update = pending.values().next().value;
        if (sse.closed || !update) continue;
        pending.delete(update.runId);
        let may = visible.get(update.runId);
        if (may === undefined) {
          // A stream open for days sees many runs: forget old answers rather than grow without bound.
          if (visible.size >= 10_000) visible.clear();
          may = await options.mayView(update.runId);
          visible.set(update.runId, may);
        }
        if (may) sse.write(encodeSseStatus(update));
      }
    },
    onFailure: (error, sse) => {
      console.error("[events] the runs status stream failed", error);
      sse.close();
    },
  });
}
