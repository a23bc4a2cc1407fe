import "server-only";
import { checkEventInput, isFinished, storedEventPayload, type RunEvent, type RunEventInput } from "../../events";
import type { RunChange } from "../engine";
import { toRunStatus, writeJson } from "./run-records";
import { timeOrderedId } from "./run-ids";
import { sqlTime } from "./run-sqlite";
import { sqlEnqueue, sqlGet, sqlNotify, sqlRun, type SqlProgram } from "./run-sql";
import { insertBatch, runUpdateBatch, stepRunUpsertBatch, type BatchColumn, type PgType } from "./run-write-batches";

// The statements of the run store's hot path, as programs run inside writeRuns (one transaction, either database):
// they throw to roll everything back.

/** Who may write: the lease holder (the engine's worker), or anyone (an operator's control, a new run). */
export type WriteGuard = { owner: string; leaseUntil: Date } | { owner: null };

/** The run was not written: it does not exist, or (with an owner) this worker no longer holds its lease. */
export class RunNotWrittenError extends Error {
  constructor(readonly runId: string) {
    super(`Run ${runId} was not written.`);
    this.name = "RunNotWrittenError";
  }
}

type RunFields = NonNullable<RunChange["run"]>;
type StepFields = NonNullable<RunChange["steps"]>[number];

// The columns a change may set, with their PostgreSQL types (for the group commit's batched statements).
const RUN_COLUMN_TYPES = {
  status: "text",
  inputTokens: "int",
  outputTokens: "int",
  stepsExecuted: "int",
  startedAt: "timestamp(3)",
  control: "text",
  outputs: "text",
  error: "text",
  finishedAt: "timestamp(3)",
  plan: "text",
  execution: "text",
} as const satisfies Record<string, PgType>;
const STEP_COLUMN_TYPES = {
  attempt: "int",
  tool: "text",
  input: "text",
  output: "text",
  approval: "text",
  outputRef: "text",
  error: "text",
  inputTokens: "int",
  outputTokens: "int",
  startedAt: "timestamp(3)",
  finishedAt: "timestamp(3)",
} as const satisfies Record<string, PgType>;
const RUN_COLUMNS = Object.keys(RUN_COLUMN_TYPES) as Array<keyof typeof RUN_COLUMN_TYPES>;
const STEP_COLUMNS = Object.keys(STEP_COLUMN_TYPES) as Array<keyof typeof STEP_COLUMN_TYPES>;

function runValue(key: (typeof RUN_COLUMNS)[number], fields: RunFields): unknown {
  const value = fields[key];
  if (value === null) return null;
  if (value instanceof Date) return sqlTime(value);
  if (key === "outputs") return writeJson(value as RunFields["outputs"]);
  if (key === "plan" || key === "execution") return JSON.stringify(value);
  return value;
}

function stepValue(key: (typeof STEP_COLUMNS)[number], fields: StepFields): unknown {
  const value = fields[key];
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return sqlTime(value);
  if (key === "input" || key === "output" || key === "tool" || key === "approval")
    return writeJson(value as StepFields["input"]);
  return value;
}

/**
 * Applies a run change and appends its events (seq after the stored lastSeq, whoever wrote last) in the current
 * transaction; returns the stored events. Throws RunNotWrittenError when the guard does not hold. A run that
 * finishes wakes its parent (a run waiting on it as a sub-routine) in the same transaction; `woken` is then the
 * parent's new event, for the caller to publish once the transaction committed.
 */
export function* applyRunChange(
  runId: string,
  change: RunChange,
  inputs: RunEventInput[],
  guard: WriteGuard,
  now = new Date(),
): SqlProgram<{ events: RunEvent[]; woken: RunEvent | null }> {
  const events = inputs.map(checkEventInput);
  const fields = change.run ?? {};
  const finished = fields.status !== undefined && isFinished(toRunStatus(fields.status));
  const columns = RUN_COLUMNS.filter((key) => fields[key] !== undefined);
  const sets = [...columns.map((key) => `"${key}" = @${key}`), `"lastSeq" = "lastSeq" + @count`, `"updatedAt" = @now`];
  // The commit that finishes a run ends its lease too: a worker killed before releaseLease leaves none behind (the
  // chaos test found finished runs still leased to a dead worker).
  if (finished) sets.push(`"leaseOwner" = NULL`, `"leaseUntil" = NULL`);
  else if (guard.owner !== null) sets.push(`"leaseUntil" = @leaseUntil`);
  const where = guard.owner !== null ? `"id" = @id AND "leaseOwner" = @owner` : `"id" = @id`;
  const params: Record<string, unknown> = { id: runId, count: events.length, now: sqlTime(now) };
  for (const key of columns) params[key] = runValue(key, fields);
  if (guard.owner !== null) params.owner = guard.owner;
  if (guard.owner !== null && !finished) params.leaseUntil = sqlTime(guard.leaseUntil);
  // The same update as a row of the group commit's one statement (its columns in the order runUpdateBatch reads).
  const batched: BatchColumn[] = [["id", "text", runId]];
  if (guard.owner !== null) batched.push(["owner", "text", params.owner]);
  batched.push(["count", "int", params.count], ["now", "timestamp(3)", params.now]);
  if ("leaseUntil" in params) batched.push(["leaseUntil", "timestamp(3)", params.leaseUntil]);
  for (const key of columns) batched.push([key, RUN_COLUMN_TYPES[key], params[key]]);
  const updated = yield* sqlGet<{ lastSeq: number; parentRunId: string | null }>(
    `UPDATE "run" SET ${sets.join(", ")} WHERE ${where} RETURNING "lastSeq", "parentRunId"`,
    params,
    runUpdateBatch(batched, finished),
  );
  if (!updated) throw new RunNotWrittenError(runId);

  for (const [index, step] of (change.steps ?? []).entries()) yield* upsertStepRun(runId, step, now, index + 1);
  for (const variable of change.variables ?? []) yield* insertVariable(runId, variable, now);
  const stored = yield* insertEvents(runId, updated.lastSeq - events.length, events, now);
  // Queued again (an approval, a resume, a retry): a worker must take it up.
  if (fields.status === "queued") yield* sqlEnqueue(runId);
  const woken = finished && updated.parentRunId ? yield* wakeParent(updated.parentRunId, now) : null;
  return { events: stored, woken };
}

/** `rank`: the step run's place among the change's own (new ones go after the run's last, in this order). */
function* upsertStepRun(runId: string, step: StepFields, now: Date, rank: number): SqlProgram<void> {
  const columns = STEP_COLUMNS.filter((key) => step[key] !== undefined);
  const insertColumns = ["id", "runId", "stepId", "iteration", "state", "updatedAt", "ordinal", ...columns];
  const values = [
    "@id",
    "@runId",
    "@stepId",
    "@iteration",
    step.state !== undefined ? "@state" : "'pending'",
    "@now",
    // Next in the run's list (an index lookup); an update keeps the step run's place.
    `(SELECT COALESCE(MAX("ordinal"), 0) + 1 FROM "step_run" WHERE "runId" = @runId)`,
    ...columns.map((key) => `@${key}`),
  ];
  const updates = [...(step.state !== undefined ? ["state"] : []), ...columns].map(
    (key) => `"${key}" = excluded."${key}"`,
  );
  updates.push(`"updatedAt" = excluded."updatedAt"`);
  const sql =
    `INSERT INTO "step_run" (${insertColumns.map((key) => `"${key}"`).join(", ")}) VALUES (${values.join(", ")}) ` +
    `ON CONFLICT("id") DO UPDATE SET ${updates.join(", ")} WHERE "step_run"."runId" = excluded."runId"`;
  const params: Record<string, unknown> = {
    id: step.id,
    runId,
    stepId: step.stepId,
    iteration: step.iteration,
    now: sqlTime(now),
  };
  if (step.state !== undefined) params.state = step.state;
  for (const key of columns) params[key] = stepValue(key, step);
  const batched: BatchColumn[] = [
    ["id", "text", step.id],
    ["runId", "text", runId],
    ["stepId", "text", step.stepId],
    ["iteration", "int", step.iteration],
    ["now", "timestamp(3)", params.now],
    ["rank", "int", rank],
  ];
  if (step.state !== undefined) batched.push(["state", "text", step.state]);
  for (const key of columns) batched.push([key, STEP_COLUMN_TYPES[key], params[key]]);
  const changed = yield* sqlRun(sql, params, stepRunUpsertBatch(runId, batched));
  if (changed === 0) throw new Error(`Step run ${step.id} belongs to another run.`);
}

function* insertVariable(
  runId: string,
  variable: { key: string; stepId: string; value: string },
  now: Date,
): SqlProgram<void> {
  const columns: BatchColumn[] = [
    ["id", "text", timeOrderedId(now.getTime())],
    ["runId", "text", runId],
    ["key", "text", variable.key],
    ["stepId", "text", variable.stepId],
    ["value", "text", variable.value],
    ["bytes", "int", Buffer.byteLength(variable.value, "utf8")],
    ["createdAt", "timestamp(3)", sqlTime(now)],
  ];
  yield* sqlRun(
    `INSERT INTO "variable" ("id", "runId", "key", "stepId", "value", "bytes", "createdAt") VALUES (?, ?, ?, ?, ?, ?, ?)`,
    columns.map(([, , value]) => value),
    insertBatch("variable", runId, columns),
  );
}

/**
 * Appends events numbered from `afterSeq + 1`; the unique (runId, seq) index refuses a gap-filling race. Other
 * processes' listeners are told the run's new last seq when the transaction commits.
 */
export function* insertEvents(
  runId: string,
  afterSeq: number,
  events: RunEventInput[],
  now: Date,
): SqlProgram<RunEvent[]> {
  const at = now.toISOString();
  const stored: RunEvent[] = [];
  for (const [index, event] of events.entries()) {
    const seq = afterSeq + index + 1;
    const columns: BatchColumn[] = [
      ["id", "text", timeOrderedId(now.getTime())],
      ["runId", "text", runId],
      ["seq", "int", seq],
      ["type", "text", event.type],
      ["payload", "text", storedEventPayload(event)],
      ["at", "timestamp(3)", sqlTime(now)],
    ];
    yield* sqlRun(
      `INSERT INTO "run_event" ("id", "runId", "seq", "type", "payload", "at") VALUES (?, ?, ?, ?, ?, ?)`,
      columns.map(([, , value]) => value),
      insertBatch("run_event", runId, columns),
    );
    stored.push({ runId, seq, at, type: event.type, data: event.data } as RunEvent);
  }
  if (stored.length > 0) yield* sqlNotify(runId, afterSeq + stored.length);
  return stored;
}

/** Re-queues a run waiting on a sub-routine that just finished, so a worker picks it up and reads the outcome. */
function* wakeParent(parentRunId: string, now: Date): SqlProgram<RunEvent | null> {
  const event = checkEventInput({ type: "run.status", data: { status: "queued", reason: "A sub-routine finished." } });
  const woken = yield* sqlGet<{ lastSeq: number }>(
    `UPDATE "run" SET "status" = 'queued', "lastSeq" = "lastSeq" + 1, "updatedAt" = ? WHERE "id" = ? AND "status" = 'waiting' RETURNING "lastSeq"`,
    [sqlTime(now), parentRunId],
  );
  if (!woken) return null;
  yield* sqlEnqueue(parentRunId);
  return (yield* insertEvents(parentRunId, woken.lastSeq - 1, [event], now))[0]!;
}
