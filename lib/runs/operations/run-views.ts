import "server-only";
import { requireUser, type Viewer } from "../../access";
import type { PlanState, RunStatus, StoredRunEvent } from "../../events";
import type { JsonValue, Routine } from "../../routine";
import type { Budgets, ExecutionPlan, RunControl, StepRunSnapshot } from "../engine";
import { NotFoundError, parseInput, prisma, withDbErrors } from "../../db/core";
import { listRunEventsInput, listRunsInput, readVariableInput, runIdInput } from "./run-inputs";
import { loadRunSnapshot, readRunOutputs, readRunStatus, storedRunEvent } from "../store";
import {
  assertRunVisible,
  canControlRuns,
  mayView,
  readRunFacts,
  RUN_NOT_FOUND,
  visibleRunsFilter,
} from "./run-visibility";

export type RunUser = { id: string; name: string; email: string };

/** A run as the runs list shows it. */
export type RunSummary = {
  id: string;
  /** Null for a planned run, which follows no routine (its routineName is then "Planned request"). */
  routineId: string | null;
  routineName: string;
  versionNumber: number | null;
  status: RunStatus;
  source: string;
  startedBy: RunUser | null;
  parentRunId: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  inputTokens: number;
  outputTokens: number;
  stepsExecuted: number;
  error: string | null;
  /** The free-text request the run started from (a planned run's whole task), if any. */
  request: string | null;
};

/** One run opened on the run page: its header, the routine of its version, every step run, and what the viewer may do. */
export type RunView = RunSummary & {
  versionId: string | null;
  control: RunControl;
  parentStepRunId: string | null;
  updatedAt: Date;
  budgets: Budgets;
  inputs: Record<string, JsonValue>;
  outputs: Record<string, JsonValue> | null;
  /** The published routine of the version the run follows (an empty one for a planned run). */
  routine: Routine;
  /** A planned run's progress list (the planner's tasks); null for a routine run. */
  plan: PlanState | null;
  /** Oldest first. */
  steps: StepRunSnapshot[];
  variables: Array<{ key: string; stepId: string; bytes: number; createdAt: Date }>;
  lastSeq: number;
  eventCount: number;
  /** Operators and admins may pause, resume, cancel, retry, re-run and decide human steps. */
  canControl: boolean;
  /** How the run executes: the engine walks the graph ("workflow") or the executor model follows it ("agent"). */
  mode: ExecutionPlan["mode"];
  /** The executor model the run was started with, when it is not the configured one (an evaluation's). */
  model: string | null;
  execution: ExecutionPlan;
};

/**
 * One run with everything the run page shows. Visible to admins and operators, to the routine's owner and to
 * whoever started it; NotFoundError for anyone else, and for unknown ids. The page's own fields are read through
 * Prisma; the run's state (routine, step runs, control, budgets) is the run service's snapshot, the one the engine
 * works from.
 */
export async function getRun(viewer: Viewer | null, runId: string): Promise<RunView> {
  requireUser(viewer);
  const input = parseInput(runIdInput, { runId });
  await assertRunVisible(viewer, input.runId);
  const row = await withDbErrors(() =>
    prisma.run.findUnique({
      where: { id: input.runId },
      include: {
        startedBy: { select: { id: true, name: true, email: true } },
        variables: {
          select: { key: true, stepId: true, bytes: true, createdAt: true },
          orderBy: [{ createdAt: "asc" }, { key: "asc" }],
        },
        _count: { select: { events: true } },
      },
    }),
  );
  const snapshot = row ? await loadRunSnapshot(input.runId) : null;
  if (!row || !snapshot) throw new NotFoundError(RUN_NOT_FOUND);
  return {
    ...summaryOf(row),
    versionId: row.versionId,
    control: snapshot.control,
    parentStepRunId: row.parentStepRunId,
    updatedAt: row.updatedAt,
    budgets: snapshot.budgets,
    inputs: snapshot.inputs,
    outputs: row.outputs === null ? null : readRunOutputs(row.outputs),
    routine: snapshot.routine,
    plan: snapshot.plan,
    steps: snapshot.steps,
    variables: row.variables,
    lastSeq: row.lastSeq,
    eventCount: row._count.events,
    canControl: canControlRuns(viewer),
    mode: snapshot.execution.mode,
    model: snapshot.execution.mode === "planned" ? null : (snapshot.execution.model ?? null),
    execution: snapshot.execution,
  };
}

type RunSummaryRow = Omit<RunSummary, "status"> & { status: string };

function summaryOf(row: RunSummaryRow): RunSummary {
  return {
    id: row.id,
    routineId: row.routineId,
    routineName: row.routineName,
    versionNumber: row.versionNumber,
    status: readRunStatus(row.status),
    source: row.source,
    startedBy: row.startedBy,
    parentRunId: row.parentRunId,
    createdAt: row.createdAt,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    inputTokens: row.inputTokens,
    outputTokens: row.outputTokens,
    stepsExecuted: row.stepsExecuted,
    error: row.error,
    request: row.request,
  };
}

/** Runs the viewer may see, newest first, optionally of one routine, in one status, or started by one user. */
export async function listRuns(
  viewer: Viewer | null,
  input: { routineId?: string; status?: RunStatus; startedBy?: string; evaluations?: boolean; limit?: number } = {},
): Promise<RunSummary[]> {
  requireUser(viewer);
  const { routineId, status, startedBy, evaluations, limit } = parseInput(listRunsInput, input);
  const visible = visibleRunsFilter(viewer);
  if (!visible) return [];
  return withDbErrors(async () => {
    const rows = await prisma.run.findMany({
      where: {
        AND: [
          visible,
          {
            ...(routineId ? { routineId } : {}),
            ...(status ? { status } : {}),
            ...(startedBy ? { startedById: startedBy } : {}),
            ...(evaluations ? {} : { source: { not: "eval" } }),
          },
        ],
      },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: limit,
      include: { startedBy: { select: { id: true, name: true, email: true } } },
    });
    return rows.map(summaryOf);
  });
}

/**
 * Whether `viewer` may see the run (false also for unknown ids): the rule of getRun, for the SSE route, which has
 * authenticated the viewer itself.
 */
export async function canViewRun(viewer: Viewer, runId: string): Promise<boolean> {
  const parsed = runIdInput.safeParse({ runId });
  if (!parsed.success) return false;
  const facts = await readRunFacts(parsed.data.runId);
  return facts !== undefined && mayView(viewer, facts);
}

/**
 * A run's events after `afterSeq` (the SSE Last-Event-ID), in order, at most `limit`, those the server cannot read
 * among them as such. Same visibility as getRun.
 */
export async function listRunEvents(
  viewer: Viewer | null,
  input: { runId: string; afterSeq?: number; limit?: number },
): Promise<StoredRunEvent[]> {
  requireUser(viewer);
  const { runId, afterSeq, limit } = parseInput(listRunEventsInput, input);
  await assertRunVisible(viewer, runId);
  const rows = await withDbErrors(() =>
    prisma.runEvent.findMany({
      where: { runId, seq: { gt: afterSeq } },
      orderBy: { seq: "asc" },
      take: limit,
      select: { seq: true, type: true, payload: true, at: true },
    }),
  );
  return rows.map((row) => storedRunEvent(runId, row));
}

/** The whole value of a run's variable (a long tool output kept under a key). Same visibility as getRun. */
export async function readRunVariable(
  viewer: Viewer | null,
  input: { runId: string; key: string },
): Promise<{ key: string; value: string; bytes: number }> {
  requireUser(viewer);
  const { runId, key } = parseInput(readVariableInput, input);
  await assertRunVisible(viewer, runId);
  const row = await withDbErrors(() =>
    prisma.variable.findUnique({ where: { runId_key: { runId, key } }, select: { value: true, bytes: true } }),
  );
  if (!row) throw new NotFoundError(`The run has no variable "${key}".`);
  return { key, value: row.value, bytes: row.bytes };
}
