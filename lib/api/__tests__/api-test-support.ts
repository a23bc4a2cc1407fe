import { type RunEvent, runEventBus, type RunEventInput } from "../../events";
import { createApiToken } from "../../db/users";
import { prisma } from "../../db/core";
import { applyRunChange, writeRuns } from "../../run-service";
import type { RunChange } from "../../runner";
import { as, type Who } from "../../db/testing/review-test-support";
import { signedIn } from "../../../test/request-context";

/** A personal API token of the demo user holding `who`'s role. */
export async function tokenOf(who: Exclude<Who, "anonymous">): Promise<string> {
  await as(who);
  const { token } = await createApiToken(signedIn(), { name: `${who} test token` });
  await as("anonymous");
  return token;
}

export const BASE = "http://localhost:3999";

/** A request as a client sends it, with a bearer token when given. */
export function apiRequest(
  path: string,
  init: {
    token?: string;
    body?: unknown;
    rawBody?: string;
    headers?: Record<string, string>;
    method?: string;
    signal?: AbortSignal;
  } = {},
): Request {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("authorization", `Bearer ${init.token}`);
  const hasBody = init.body !== undefined || init.rawBody !== undefined;
  if (hasBody && !headers.has("content-type")) headers.set("content-type", "application/json");
  return new Request(`${BASE}${path}`, {
    method: init.method ?? (hasBody ? "POST" : "GET"),
    headers,
    body: init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
    signal: init.signal,
  });
}

/**
 * Stands in for the engine: commits a transition with its events the way the run store does (one transaction,
 * seq after the stored lastSeq), then publishes them on the bus, as the engine's sink does.
 */
export async function engineCommit(
  runId: string,
  events: RunEventInput[],
  change: RunChange = {},
): Promise<RunEvent[]> {
  const { events: stored } = await writeRuns(() => applyRunChange(runId, change, events, { owner: null }));
  runEventBus.publish(runId, stored);
  return stored;
}

/** The run's events as the table holds them: (seq, type) pairs in order. */
export async function storedEvents(runId: string): Promise<Array<[number, string]>> {
  const rows = await prisma.runEvent.findMany({
    where: { runId },
    orderBy: { seq: "asc" },
    select: { seq: true, type: true },
  });
  return rows.map((row) => [row.seq, row.type]);
}

export const stepDone = (n: number): RunEventInput => ({
  type: "step.succeeded",
  data: { stepRunId: `sr-${n}`, stepId: "summarize", iteration: 1, durationMs: n },
});
export const finished = (): RunEventInput => ({
  type: "run.finished",
  data: { status: "succeeded", durationMs: 5, inputTokens: 0, outputTokens: 0 },
});
