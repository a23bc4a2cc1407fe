import { createHash, randomBytes, randomUUID } from "node:crypto";
import { type RunEvent, runEventBus, type RunEventInput } from "../../events";
import type { TokenExpiryDays, TokenScope } from "../../access";
import { createApiToken, type CreatedApiToken } from "../../db/users";
import { prisma } from "../../db/core";
import { applyRunChange, writeRuns } from "../../runs/store/testing/run-sql-access";
import type { RunChange } from "../../runs/engine";
import { as, demoUserId, type Who } from "../../db/testing/review-test-support";
import { signedIn } from "../../../test/request-context";

/**
 * A personal API token of the demo user holding `who`'s role, as tokens made before scopes and expiry exist in the
 * database: a row that sets neither, so the columns' defaults apply (runs:read and runs:start, no expiry).
 */
export async function tokenOf(who: Exclude<Who, "anonymous">): Promise<string> {
  const token = `rs_${randomBytes(32).toString("base64url")}`;
  await prisma.apiToken.create({
    data: {
      id: randomUUID(),
      userId: await demoUserId(who),
      name: `${who} test token`,
      tokenHash: createHash("sha256").update(token).digest("hex"),
      prefix: token.slice(0, 9),
    },
  });
  return token;
}

/** A token created through the DAL as `who` would on the tokens page, with `scopes` and a lifetime. */
export async function tokenWith(
  who: Exclude<Who, "anonymous">,
  scopes: TokenScope[],
  expiresInDays: TokenExpiryDays | null = null,
): Promise<CreatedApiToken> {
  await as(who);
  const created = await createApiToken(signedIn(), { name: `${who} ${scopes.join(" ")} token`, scopes, expiresInDays });
  await as("anonymous");
  return created;
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
