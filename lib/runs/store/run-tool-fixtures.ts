import "server-only";
import type { JsonValue, ToolRef } from "../../routine";
import type { ToolOutcome } from "../engine";
import { toolKey } from "../../tools";
import { readRuns } from "./run-database";
import { sqlAll, sqlGet } from "./run-sql";

type Fixture = { tool: string; output: JsonValue };

/**
 * The pinned output of a test case for this call, or null when the run pins none for it (the tool is called live).
 * The k-th call of a tool in a run gets the k-th output pinned for that tool (named "tool" or "server/tool"). Calls
 * are counted from the run's stored step.tool_call events (the engine records one before it calls), one per step
 * run, so a retry of the same call gets the same output and a worker that restarts counts on where it stopped.
 */
export async function pinnedOutcome(
  runId: string,
  stepRunId: string | null,
  tool: ToolRef,
): Promise<Extract<ToolOutcome, { ok: true }> | null> {
  const fixtures = (await runFixtures(runId)).filter(
    (fixture) => fixture.tool === tool.name || fixture.tool === toolKey(tool),
  );
  if (fixtures.length === 0) return null;
  const index = await callIndex(runId, stepRunId, tool);
  const fixture = fixtures[index];
  if (!fixture) return null;
  const text = typeof fixture.output === "string" ? fixture.output : JSON.stringify(fixture.output);
  return { ok: true, value: fixture.output, text };
}

// A run's fixtures are written when it is created and never change: each is read once per process, not once per
// tool call (on PostgreSQL each read is a round trip on the hot path). Kept for the runs seen last.
const fixturesByRun = new Map<string, Fixture[]>();
const FIXTURES_KEPT = 2_000;

async function runFixtures(runId: string): Promise<Fixture[]> {
  const known = fixturesByRun.get(runId);
  if (known) return known;
  const row = await readRuns(() =>
    sqlGet<{ toolFixtures: string | null }>(`SELECT "toolFixtures" FROM "run" WHERE "id" = ?`, [runId]),
  );
  // An unknown run is not remembered: it may be being created.
  if (!row) return [];
  const fixtures = readFixtures(row.toolFixtures);
  if (fixturesByRun.size >= FIXTURES_KEPT) fixturesByRun.delete(fixturesByRun.keys().next().value!);
  fixturesByRun.set(runId, fixtures);
  return fixtures;
}

/** Which call of `tool` in the run this step run's is, from 0: its place among the step runs that called it. */
async function callIndex(runId: string, stepRunId: string | null, tool: ToolRef): Promise<number> {
  // The payload is JSON text on both databases; each reads it with its own JSON functions.
  const rows = await readRuns(() =>
    sqlAll<{ stepRunId: string | null; server: string | null }>(
      {
        sqlite:
          `SELECT json_extract("payload", '$.stepRunId') AS "stepRunId", json_extract("payload", '$.server') AS "server" ` +
          `FROM "run_event" WHERE "runId" = ? AND "type" = 'step.tool_call' AND json_extract("payload", '$.tool') = ? ORDER BY "seq"`,
        postgres:
          `SELECT "payload"::jsonb ->> 'stepRunId' AS "stepRunId", "payload"::jsonb ->> 'server' AS "server" ` +
          `FROM "run_event" WHERE "runId" = ? AND "type" = 'step.tool_call' AND "payload"::jsonb ->> 'tool' = ? ORDER BY "seq"`,
      },
      [runId, tool.name],
    ),
  );
  const calls: string[] = [];
  for (const row of rows) {
    if (row.server && row.server !== tool.server) continue;
    if (row.stepRunId && !calls.includes(row.stepRunId)) calls.push(row.stepRunId);
  }
  const index = stepRunId ? calls.indexOf(stepRunId) : -1;
  return index >= 0 ? index : calls.length;
}

function readFixtures(text: string | null): Fixture[] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (entry): entry is Fixture =>
        typeof entry === "object" && entry !== null && typeof (entry as Fixture).tool === "string" && "output" in entry,
    );
  } catch {
    return [];
  }
}

/** The run and the step run an idempotency key (`<runId>:<stepRunId>`, see the runner's step context) names. */
export function keyParts(idempotencyKey: string): { runId: string; stepRunId: string | null } {
  const colon = idempotencyKey.indexOf(":");
  return colon < 0
    ? { runId: idempotencyKey, stepRunId: null }
    : { runId: idempotencyKey.slice(0, colon), stepRunId: idempotencyKey.slice(colon + 1) };
}
