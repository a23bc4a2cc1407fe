import "server-only";
import { runEventBus } from "../../events";
import type { ChatRequest } from "../../llm";
import type { ActorPort, EventSink, ModelPort } from "../engine";
import { readActorProfiles } from "../../db/actors";
import { llmClientFor } from "../../db/llm";
import { readRuns } from "./run-database";
import { sqlGet } from "./run-sql";
import { traceChat } from "../../telemetry";

/**
 * The model of one role for every run of this worker: the executor (steps, agents, actors), the planner (a planned
 * run's dynamic planner) or the compressor (compressed context mode). Each call is made with the current model settings and recorded in
 * llm_call with the run (from the request's context) and who started it. When no executor model is configured the
 * call fails with LlmNotConfiguredError, whose message says what an admin must set; a run that needs no model
 * needs none configured.
 */
export function runModelPort(role: "executor" | "planner" | "compressor" = "executor"): ModelPort {
  return {
    async chat(request: ChatRequest) {
      const runId = request.context?.runId;
      const userId = runId ? await startedBy(runId) : null;
      const client = await llmClientFor(role, { ...request.context, ...(userId ? { userId } : {}) });
      // A `chat {model}` span under the run's (lib/telemetry; nothing when traces are off), with the call's usage.
      return traceChat(
        {
          model: request.model ?? client.model,
          purpose: request.purpose,
          runId,
          stepRunId: request.context?.stepRunId,
          maxTokens: request.maxTokens,
          messages: request.messages,
        },
        () => client.chat(request),
      );
    },
  };
}

/** The actor profiles admins defined, read fresh for every planned run's round (an admin's edit applies at once). */
export const databaseActorPort: ActorPort = { list: () => readActorProfiles() };

async function startedBy(runId: string): Promise<string | null> {
  const row = await readRuns(() =>
    sqlGet<{ startedById: string | null }>(`SELECT "startedById" FROM "run" WHERE "id" = ?`, [runId]),
  );
  return row?.startedById ?? null;
}

/** The engine's EventSink: the process's run event bus, which the SSE streams listen to. */
export const busEventSink: EventSink = {
  published(runId, events) {
    runEventBus.publish(runId, events);
  },
};
