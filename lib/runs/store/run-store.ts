import "server-only";
import { randomUUID } from "node:crypto";
import { runEventBus, type RunEvent, type RunEventInput } from "../../events";
import type { JsonValue, Routine } from "../../routine";
import { emptyPlannedRoutine, LeaseLostError, type RunChange, type RunSnapshot, type RunStore } from "../engine";
import { NotFoundError } from "../../db/core";
import { readBudgets } from "./run-budgets";
import { readStoredRoutine } from "../../db/routines";
import { readActorProfiles } from "../../db/actors";
import { withRunActor } from "./run-actors";
import { childExecutionPlan, findPublishedRoutine, insertQueuedRun } from "./run-creation";
import {
  readRecord,
  toRunHeader,
  toRunStatus,
  toStepSnapshot,
  stepRunsInOrder,
  type RunRow,
  type StepRunRow,
} from "./run-records";
import { readRuns, writeRuns } from "./run-database";
import { sqlAll, sqlGet, type SqlProgram } from "./run-sql";
import { applyRunChange, RunNotWrittenError, type WriteGuard } from "./run-writes";
import { wakeRunWorker } from "./run-wake";
import { readRunControl } from "./run-control-reads";
import { activeRunTraceContext } from "../../telemetry";

/** What a run the caller may not see, or that does not exist, reports: never revealing which (always a 404). */
export const RUN_NOT_FOUND = "That run does not exist, or you do not have access to it.";

export type RunStoreOptions = {
  /** The worker's lease owner id: commits are refused (LeaseLostError) once another worker holds the run. */
  owner: string;
  /** How far each commit extends the lease. */
  leaseMs: number;
  now?: () => number;
};

/**
 * The RunStore over the app's database, SQLite or PostgreSQL (decisions 0012, 0029). `commit` is one transaction:
 * the run row (only while this worker holds the lease, which it also extends), the step runs, the variables and
 * the events numbered after the stored lastSeq.
 */
export function createRunStore(options: RunStoreOptions): RunStore {
  const now = options.now ?? Date.now;
  return {
    load: async (runId) => withActor(await loadRunSnapshot(runId)),

    async commit(runId: string, change: RunChange, events: RunEventInput[]): Promise<RunEvent[]> {
      const guard: WriteGuard = { owner: options.owner, leaseUntil: new Date(now() + options.leaseMs) };
      try {
        const result = await writeRuns(() => applyRunChange(runId, change, events, guard, new Date(now())), {
          group: true,
        });
        publishWoken(result.woken);
        return result.events;
      } catch (error) {
        if (error instanceof RunNotWrittenError) throw new LeaseLostError(runId);
        throw error;
      }
    },

    readVariable: async (runId, key) => readRunVariableValue(runId, key),

    readControl: readRunControl,

    async startChildRun(parent, routineId, inputs, actorId) {
      const existing = await readRuns(() =>
        sqlGet<{ id: string }>(`SELECT "id" FROM "run" WHERE "parentRunId" = ? AND "parentStepRunId" = ?`, [
          parent.runId,
          parent.stepRunId,
        ]),
      );
      // A worker that crashed after starting the child but before recording it finds the same child again.
      if (existing) return existing.id;
      const parentRow = await readRuns(() =>
        sqlGet<Pick<RunRow, "startedById" | "budgets" | "execution" | "request">>(
          `SELECT "startedById", "budgets", "execution", "request" FROM "run" WHERE "id" = ?`,
          [parent.runId],
        ),
      );
      if (!parentRow) throw new NotFoundError(`Run ${parent.runId} does not exist.`);
      const published = await findPublishedRoutine(routineId);
      const execution = await withRunActor(published.routine, childExecutionPlan(parentRow.execution), actorId);
      const id = randomUUID();
      // Called inside the parent's execution: the child's spans join the parent's trace, under its run span (read
      // here: the write below may run in another task's batch).
      const traceContext = activeRunTraceContext();
      const queued = await writeRuns(() =>
        insertQueuedRun({
          id,
          published,
          inputs,
          // The child works on the same person's request: its executor reads it as the parent's does.
          request: parentRow.request,
          source: "subroutine",
          startedById: parentRow.startedById,
          budgets: readBudgets(parentRow.budgets),
          parent,
          execution,
          traceContext,
        }),
      );
      runEventBus.publish(id, [queued]);
      wakeRunWorker();
      return id;
    },

    async childRun(childRunId) {
      const row = await readRuns(() =>
        sqlGet<Pick<RunRow, "status" | "outputs" | "error">>(
          `SELECT "status", "outputs", "error" FROM "run" WHERE "id" = ?`,
          [childRunId],
        ),
      );
      if (!row) return null;
      const status = toRunStatus(row.status);
      const outputs: Record<string, JsonValue> | null = status === "succeeded" ? readRecord(row.outputs) : null;
      return { status, outputs, error: row.error };
    },
  };
}

/**
 * The run as the engine reads it, with the routine of its version and, in agent mode, the routines of the
 * distractor versions its plan puts beside it (an unknown distractor version is left out); null for an unknown id.
 */
export function loadRunSnapshot(runId: string): Promise<RunSnapshot | null> {
  return readRuns(() => runSnapshotProgram(runId));
}

/** loadRunSnapshot as a program, to read the run inside a write transaction (an operator's control). */
export function* runSnapshotProgram(runId: string): SqlProgram<RunSnapshot | null> {
  // A planned run has no version: LEFT JOIN, and its routine is the empty one (the planner's list drives it).
  const row = yield* sqlGet<RunRow & { content: string | null; revision: number | null }>(
    `SELECT "run".*, "routine_version"."content" AS "content", "routine_version"."revision" AS "revision" FROM "run" LEFT JOIN "routine_version" ON "routine_version"."id" = "run"."versionId" WHERE "run"."id" = ?`,
    [runId],
  );
  if (!row) return null;
  const steps = yield* sqlAll<StepRunRow>(stepRunsInOrder("*"), [runId]);
  const header = toRunHeader(row);
  return {
    ...header,
    actor: null,
    routine:
      row.versionId !== null && row.content !== null
        ? routineOfVersion(row.versionId, row.revision ?? 0, row.content)
        : emptyPlannedRoutine(),
    distractors:
      header.execution.mode === "agent" ? yield* distractorRoutines(header.execution.distractorVersionIds) : [],
    steps: steps.map(toStepSnapshot),
  };
}

/**
 * The snapshot with the actor it works as: the one its execution plan names (set when the run was created from the
 * routine's actor, or the sub-routine step's), read fresh so an admin's edit of the persona applies on resume.
 */
async function withActor(snapshot: RunSnapshot | null): Promise<RunSnapshot | null> {
  const execution = snapshot?.execution;
  if (!snapshot || !execution || execution.mode === "planned" || !execution.actorId) return snapshot;
  const actors = await readActorProfiles();
  snapshot.actor = actors.find((actor) => actor.id === execution.actorId) ?? null;
  return snapshot;
}

function* distractorRoutines(versionIds: readonly string[]): SqlProgram<Routine[]> {
  const routines: Routine[] = [];
  for (const versionId of versionIds) {
    const version = yield* sqlGet<{ content: string; revision: number }>(
      `SELECT "content", "revision" FROM "routine_version" WHERE "id" = ?`,
      [versionId],
    );
    if (version) routines.push(routineOfVersion(versionId, version.revision, version.content));
  }
  return routines;
}

// A version's parsed routine is kept (parsing and migrating a large routine costs far more than copying it), keyed
// by its revision too: an evaluation may run a version still in review, whose content an author may yet save over.
// Each load gets its own copy.
const parsedRoutines = new Map<string, Routine>();
const PARSED_ROUTINES_KEPT = 50;

function routineOfVersion(versionId: string, revision: number, content: string): Routine {
  const key = `${versionId}@${revision}`;
  let routine = parsedRoutines.get(key);
  if (!routine) {
    routine = readStoredRoutine(content);
    if (parsedRoutines.size >= PARSED_ROUTINES_KEPT) parsedRoutines.delete(parsedRoutines.keys().next().value!);
    parsedRoutines.set(key, routine);
  }
  return structuredClone(routine);
}

/** A variable's whole value, or null when the run has no such key. */
export async function readRunVariableValue(runId: string, key: string): Promise<string | null> {
  const row = await readRuns(() =>
    sqlGet<{ value: string }>(`SELECT "value" FROM "variable" WHERE "runId" = ? AND "key" = ?`, [runId, key]),
  );
  return row?.value ?? null;
}

/** Tells listeners of a parent run that a sub-routine woke it, and the worker that it is queued again. */
export function publishWoken(woken: RunEvent | null): void {
  if (!woken) return;
  runEventBus.publish(woken.runId, [woken]);
  wakeRunWorker();
}
