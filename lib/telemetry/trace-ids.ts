import type { IdGenerator } from "@opentelemetry/sdk-trace-node";

// A run started by nobody's trace is the root of a trace of its own, whose id was chosen and stored when the run was
// created (trace-context.ts): each worker that executes part of it starts a root span in that trace. The API has no way
// to give a root span a trace id, so our tracer provider asks this generator, which hands out the pinned id to the one
// root span started synchronously inside withTraceId.

let pinned: string | undefined;

/** Calls `start` (which must start one root span, synchronously) with its trace id set to `traceId`. */
export function withTraceId<T>(traceId: string, start: () => T): T {
  pinned = traceId;
  try {
    return start();
  } finally {
    pinned = undefined;
  }
}

/** The provider's id generator: `random`'s ids, except a trace id pinned by withTraceId. */
export function pinnableIds(random: IdGenerator): IdGenerator {
  return {
    generateTraceId() {
      const traceId = pinned;
      pinned = undefined;
      return traceId ?? random.generateTraceId();
    },
    generateSpanId: () => random.generateSpanId(),
  };
}
