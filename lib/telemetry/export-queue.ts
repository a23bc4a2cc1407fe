import { TraceFlags, type Context } from "@opentelemetry/api";
import type { ReadableSpan, Span, SpanExporter, SpanProcessor } from "@opentelemetry/sdk-trace-node";

// A run never waits for its spans: the SDK's batch processor queues them and exports in the background. This file
// bounds that queue by what is not yet acknowledged (queued or in an export under way) and counts what is lost, which
// the batch processor itself only logs: spans dropped at a full queue, and spans of an export that failed (an endpoint
// that is down, slow past the export timeout, or refusing them).

/** What was exported and what was lost since telemetry started. */
export type ExportCounts = {
  exportedSpans: number;
  /** Spans that never reached the endpoint: dropped at a full queue, or in an export that failed. */
  droppedSpans: number;
  /** Exports (batches) that failed. */
  exportFailures: number;
};

type ExportCallback = Parameters<SpanExporter["export"]>[1];
/** ExportResultCode.SUCCESS of @opentelemetry/core, which is not one of our dependencies. */
const EXPORT_SUCCESS = 0;

/**
 * The batch processor's exporter, counting: every export's spans are settled (handed back to the queue's bound) when
 * the exporter answers, success or failure; failures are counted as lost spans and reported to `failed`.
 */
export function countingExporter(
  inner: SpanExporter,
  counts: ExportCounts,
  on: { settled(spans: number): void; failed?(error: Error | undefined): void },
): SpanExporter {
  return {
    export(spans: ReadableSpan[], done: ExportCallback) {
      let answered = false;
      const answer: ExportCallback = (result) => {
        if (answered) return;
        answered = true;
        on.settled(spans.length);
        if (result.code === EXPORT_SUCCESS) counts.exportedSpans += spans.length;
        else {
          counts.exportFailures += 1;
          counts.droppedSpans += spans.length;
          on.failed?.(result.error);
        }
        done(result);
      };
      try {
        inner.export(spans, answer);
      } catch (error) {
        answer({ code: 1, error: error instanceof Error ? error : new Error(String(error)) });
      }
    },
    shutdown: () => inner.shutdown(),
    forceFlush: () => inner.forceFlush?.() ?? Promise.resolve(),
  };
}

/**
 * A span processor in front of the batch processor that holds at most `maxQueued` sampled spans not yet acknowledged
 * by the exporter; a span past that is dropped and counted, never waited for. `settle` is what the counting exporter
 * calls back.
 */
export class BoundedSpanProcessor implements SpanProcessor {
  private pending = 0;

  constructor(
    private readonly inner: SpanProcessor,
    private readonly maxQueued: number,
    private readonly counts: ExportCounts,
  ) {}

  /** Spans the exporter answered for leave the bound. */
  settle(spans: number): void {
    this.pending = Math.max(0, this.pending - spans);
  }

  onStart(span: Span, parentContext: Context): void {
    this.inner.onStart(span, parentContext);
  }

  onEnd(span: ReadableSpan): void {
    // Unsampled spans are never exported (the batch processor skips them): they take no place in the queue.
    if ((span.spanContext().traceFlags & TraceFlags.SAMPLED) === 0) return;
    if (this.pending >= this.maxQueued) {
      this.counts.droppedSpans += 1;
      return;
    }
    this.pending += 1;
    this.inner.onEnd(span);
  }

  forceFlush(): Promise<void> {
    return this.inner.forceFlush();
  }

  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }
}
