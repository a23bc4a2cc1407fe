import { RUN_STATUSES, type RunEvent, type RunStatus } from "./run-events";
import { createSseStream } from "./sse-stream";

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
  /** Whether the stream's viewer may see the run; asked once per run, from the stream's own async chain. */
  mayView(runId: string): Promise<boolean>;
  signal: AbortSignal;
  keepAliveMs?: number;
  onClose?: () => void;
};

/**
 * The live status of every run the viewer may see, for the runs list. No replay (the page shows the stored
 * statuses; this stream brings what changes after): updates of runs the viewer may not see are never sent.
 */
export function createRunStatusStream(options: RunStatusStreamOptions): ReadableStream<Uint8Array> {
  const pending: RunStatusUpdate[] = [];
  const visible = new Map<string, boolean>();

  return createSseStream({
    signal: options.signal,
    keepAliveMs: options.keepAliveMs,
    onClose: options.onClose,
    listen: (sse) =>
      options.subscribeAll((events) => {
        for (const event of events) {
          const update = statusUpdateOf(event);
          if (update) pending.push(update);
        }
        sse.wake();
      }),
    pump: async (sse) => {
      while (!sse.closed) {
        const update = pending.shift();
        if (!update) {
          await sse.sleep();
          continue;
        }
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
