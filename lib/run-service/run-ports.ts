import "server-only";
import { runEventBus } from "../events";
import type { ChatRequest } from "../llm";
import type { ActorPort, EventSink, ModelPort } from "../runner";
import { readActorProfiles } from "../db/actors";
import { llmClientFor } from "../db/llm";
import { readRuns, statement } from "./run-sqlite";

/**
 * The model of one role for every run of this worker: the executor (steps, agents, actors) or the planner (a planned
 * run's dynamic planner). Each call is made with the current model settings and recorded in
 * llm_call with the run (from the request's context) and who started it. When no executor model is configured the
 * call fails with LlmNotConfiguredError, whose message says what an admin must set; a run that needs no model
 * needs none configured.
 */
export function runModelPort(role: "executor" | "planner" = "executor"): ModelPort {
  return {
    async chat(request: ChatRequest) {
      const runId = request.context?.runId;
      const userId = runId ? startedBy(runId) : null;
      const client = await llmClientFor(role, { ...request.context, ...(userId ? { userId } : {}) });
      return client.chat(request);
    },
  };
}

/** The actor profiles admins defined, read fresh for every planned run's round (an admin's edit applies at once). */
export const databaseActorPort: ActorPort = { list: () => readActorProfiles() };

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
