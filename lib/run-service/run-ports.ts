import "server-only";
import { runEventBus } from "../events";
import type { ChatRequest } from "../llm";
import type { EventSink, ModelPort } from "../runner";
import { llmClientFor } from "../db/llm";
import { readRuns, statement } from "./run-sqlite";

/**
 * The executor model for every run of this worker. Each call is made with the current model settings and recorded in
 * llm_call with the run (from the request's context) and who started it. When no executor model is configured the
 * call fails with LlmNotConfiguredError, whose message says what an admin must set; a run that needs no model
 * needs none configured.
 */
export function executorModelPort(): ModelPort {
  return {
    async chat(request: ChatRequest) {
      const runId = request.context?.runId;
      const userId = runId ? startedBy(runId) : null;
      const client = await llmClientFor("executor", { ...request.context, ...(userId ? { userId } : {}) });
      return client.chat(request);
    },
  };
}

function startedBy(runId: string): string | null {
  const row = readRuns(() => statement(`SELECT "startedById" FROM "run" WHERE "id" = ?`).get(runId)) as
    { startedById: string | null } | undefined;
  return row?.startedById ?? null;
}

/** The engine's EventSink: the process's run event bus, which the SSE streams listen to. */
export const busEventSink: EventSink = {
  published(runId, events) {
    runEventBus.publish(runId, events);
  },
};
