import { vi } from "vitest";
import { createRunEventStream, type RunEventStreamOptions } from "../stream";
import type { FakeEventLog } from "./fake-event-log";

export const seqs = (events: { seq: number }[]) => events.map((event) => event.seq);
export const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

/**
 * A run event stream over `log`, opened as the route opens one (pages of 3 unless `extra` says otherwise), with the
 * abort controller of its request and a spy on its close.
 */
export function openLogStream(log: FakeEventLog, afterSeq: number, extra: Partial<RunEventStreamOptions> = {}) {
  const abort = new AbortController();
  const onClose = vi.fn();
  const body = createRunEventStream({
    runId: log.runId,
    afterSeq,
    loadPage: log.loadPage,
    subscribe: log.subscribe,
    signal: abort.signal,
    onClose,
    pageSize: 3,
    ...extra,
  });
  return { body, abort, onClose };
}
