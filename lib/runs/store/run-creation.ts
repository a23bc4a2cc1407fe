import "server-only";
import type { RunEvent } from "../../events";
import type { JsonValue, Routine } from "../../routine";
import { PLANNED_RUN_NAME, readExecutionPlan, WORKFLOW_PLAN, type Budgets, type ExecutionPlan } from "../engine";
import { readToolPins, toolChanges } from "../../tools";
import { ConflictError, NotFoundError, prisma } from "../../db/core";
import { readStoredRoutine } from "../../db/routines";
import { insertEvents } from "./run-writes";
import { sqlTime } from "./run-sqlite";
import { sqlEnqueue, sqlRun, type SqlProgram } from "./run-sql";
import { readCurrentToolHashes } from "../../db/tools";
import { newRunTraceContext, serializeRunTraceContext, type RunTraceContext } from "../../telemetry";

// Shared by startRun (an operator's run) and the store's startChildRun (a sub-routine step): the published
// version a run follows, and the insert of a queued run with its first event. No authorization: callers do it.

export type PublishedRoutine = {
  routineId: string;
  routineName: string;
  ownerId: string;
  versionId: string;
  versionNumber: number;
  routine: Routine;
};

/**
 * The version of `routineId` that runs. NotFoundError for an unknown routine; ConflictError when it is archived,
 * has no published version yet, or uses a tool whose schema changed (or vanished) since that version was
 * approved: what runs must be what was reviewed.
 */
export async function findPublishedRoutine(routineId: string): Promise<PublishedRoutine> {
  const row = await findRoutineRow(routineId);
  if (!row.publishedVersionId) throw notPublished(row.name);
  return versionThatRuns(row, row.publishedVersionId, () => notPublished(row.name));
}

/**
 * Any version of `routineId` (an evaluation runs versions still in review), with the same refusals as
 * findPublishedRoutine: NotFoundError for an unknown routine or a version of another routine; ConflictError when
 * the routine is archived or the version uses a tool whose schema changed since it was pinned.
 */
export async function findRoutineVersion(routineId: string, versionId: string): Promise<PublishedRoutine> {
  const row = await findRoutineRow(routineId);
  return versionThatRuns(row, versionId, () => new NotFoundError("That version of the routine does not exist."));
}

type RoutineRow = {
  id: string;
  name: string;
  ownerId: string;
  archivedAt: Date | null;
  publishedVersionId: string | null;
};

async function findRoutineRow(routineId: string): Promise<RoutineRow> {
  const row = await prisma.routine.findUnique({
    where: { id: routineId },
    select: { id: true, name: true, ownerId: true, archivedAt: true, publishedVersionId: true },
  });
  if (!row) throw new NotFoundError("That routine does not exist.");
  if (row.archivedAt) throw new ConflictError(`"${row.name}" is archived; restore it before running it.`);
  return row;
}

const notPublished = (name: string) =>
  new ConflictError(`"${name}" is not published yet: a reviewer publishes an approved version before it can run.`);

async function versionThatRuns(row: RoutineRow, versionId: string, missing: () => Error): Promise<PublishedRoutine> {
  const version = await prisma.routineVersion.findUnique({
    where: { id: versionId },
    select: { id: true, routineId: true, number: true, content: true, toolHashes: true },
  });
  if (!version || version.routineId !== row.id) throw missing();
  const changes = toolChanges(readToolPins(version.toolHashes), await readCurrentToolHashes());
  if (changes.length > 0) {
    const names = changes
      .map(
        (change) =>
          `${change.server}/${change.name} (${change.change === "removed" ? "no longer available" : "schema changed"})`,
      )
      .join(", ");
    throw new ConflictError(
      `"${row.name}" version ${version.number} cannot run: tools it uses changed since it was approved: ${names}. An author accepts the changes on a new draft and a reviewer approves it again.`,
    );
  }
  return {
    routineId: row.id,
    routineName: row.name,
    ownerId: row.ownerId,
    versionId: version.id,
    versionNumber: version.number,
    routine: readStoredRoutine(version.content),
  };
}

/**
 * A sub-routine's plan: a workflow with its parent run's context settings, so the child's prompts are built the
 * way its parent's are (a parent started before runs stored them has none: both run on the engine's defaults).
 */
export function childExecutionPlan(parentExecution: string | null): ExecutionPlan {
  const parent = readExecutionPlan(parentExecution);
  return parent.mode !== "planned" && parent.context ? { mode: "workflow", context: parent.context } : WORKFLOW_PLAN;
}

export type QueuedRun = {
  id: string;
  /** The version the run follows; null for a planned run, which follows none. */
  published: PublishedRoutine | null;
  inputs: Record<string, JsonValue>;
  request: string | null;
  source: "ui" | "api" | "mcp" | "subroutine" | "eval";
  startedById: string | null;
  budgets: Budgets;
  parent?: { runId: string; stepRunId: string };
  /** Tokens spent before the run existed (reading its inputs from the request); they count toward its budget. */
  tokens?: { inputTokens: number; outputTokens: number };
  /** How the run executes; workflow mode when not given. */
  execution?: ExecutionPlan;
  /** Tool outputs pinned by a test case: the k-th call of a tool gets the k-th output pinned for it. */
  toolFixtures?: Array<{ tool: string; output: JsonValue }>;
  /** The trace the run continues (a caller's traceparent, a parent run's span); a trace of its own when not given. */
  traceContext?: RunTraceContext;
};

/** Inserts a queued run and its `run.queued` event (seq 1). Run inside writeRuns. */
export function* insertQueuedRun(run: QueuedRun, now = new Date()): SqlProgram<RunEvent> {
  const time = sqlTime(now);
  yield* sqlRun(
    `INSERT INTO "run" ("id", "routineId", "versionId", "versionNumber", "routineName", "status", "inputs", "request", "source", "startedById", ` +
      `"parentRunId", "parentStepRunId", "budgets", "inputTokens", "outputTokens", "execution", "toolFixtures", "traceContext", "lastSeq", "createdAt", "updatedAt") ` +
      `VALUES (?, ?, ?, ?, ?, 'queued', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`,
    [
      run.id,
      run.published?.routineId ?? null,
      run.published?.versionId ?? null,
      run.published?.versionNumber ?? null,
      run.published?.routineName ?? PLANNED_RUN_NAME,
      JSON.stringify(run.inputs),
      run.request,
      run.source,
      run.startedById,
      run.parent?.runId ?? null,
      run.parent?.stepRunId ?? null,
      JSON.stringify(run.budgets),
      run.tokens?.inputTokens ?? 0,
      run.tokens?.outputTokens ?? 0,
      JSON.stringify(run.execution ?? WORKFLOW_PLAN),
      run.toolFixtures && run.toolFixtures.length > 0 ? JSON.stringify(run.toolFixtures) : null,
      // Stored whether or not traces are on now: a run resumed after telemetry was switched on still has one trace.
      serializeRunTraceContext(run.traceContext ?? newRunTraceContext()),
      time,
      time,
    ],
  );
  // A planned run's event names no routine: "" and version 0, as the run snapshot reads it.
  const data = {
    routineId: run.published?.routineId ?? "",
    routineName: run.published?.routineName ?? PLANNED_RUN_NAME,
    versionNumber: run.published?.versionNumber ?? 0,
    inputs: run.inputs,
  };
  const queued = (yield* insertEvents(run.id, 0, [{ type: "run.queued", data }], now))[0]!;
  yield* sqlEnqueue(run.id);
  return queued;
}
