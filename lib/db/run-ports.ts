import "server-only";
import { runEventBus } from "../events";
import type { ChatRequest } from "../llm";
import type { Clock, EventSink, ModelPort } from "../runner/ports";
import { llmClientFor } from "./llm-clients";

/**
 * The executor model of one run. The client is resolved on the first call (a run that needs no model needs no
 * model configured) and every call is recorded in llm_call with the run and who started it. When no executor
 * model is configured the call fails with LlmNotConfiguredError, whose message says what an admin must set.
 */
export function executorModelFor(context: { runId: string; userId: string | null; routineId?: string; versionId?: string }): ModelPort {
  let client: Awaited<ReturnType<typeof llmClientFor>> | null = null;
  const callContext = { runId: context.runId, routineId: context.routineId, versionId: context.versionId, ...(context.userId ? { userId: context.userId } : {}) };
  return {
    async chat(request: ChatRequest) {
      client ??= await llmClientFor("executor", callContext);
      return client.chat(request);
    },
  };
}

/** The engine's EventSink: the process's run event bus, which the SSE streams listen to. */
export const busEventSink: EventSink = {
  published(runId, events) {
    runEventBus.publish(runId, events);
  },
};

/** Wall-clock time, and a sleep that an abort ends early (rejecting, so a cancelled wait does not run on). */
export const systemClock: Clock = {
  now: () => Date.now(),
  sleep(ms, signal) {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason ?? new Error("aborted"));
      const timer = setTimeout(() => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason ?? new Error("aborted"));
      };
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  },
};
