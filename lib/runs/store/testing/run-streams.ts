import { createRunEventStream, runEventBus, type RunEventInput } from "../../../events";
import { readEventsAfter } from "../run-event-relay";

/** The event that ends a run's live stream: a succeeded run. */
export const runFinishedEvent = {
  type: "run.finished",
  data: { status: "succeeded", outputs: {}, durationMs: 9, inputTokens: 0, outputTokens: 0 },
} as RunEventInput;

/** A live stream of the run in this process, as the run page opens it; resolves to the seqs it sent, once it ended. */
export function streamOf(runId: string): Promise<number[]> {
  const body = createRunEventStream({
    runId,
    afterSeq: 0,
    loadPage: (after, limit) => readEventsAfter(runId, after, limit),
    subscribe: (listener) => runEventBus.subscribe(runId, listener),
    signal: new AbortController().signal,
  });
  return new Response(body).text().then((text) => [...text.matchAll(/^id: (\d+)$/gm)].map((match) => Number(match[1])));
}
