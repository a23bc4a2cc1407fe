import "server-only";
import type { Viewer } from "../../access";
import { exclusionOf, unhandledToolErrors, type ExclusionReason, type TrainingFilter } from "../../evaluations/scoring";
import {
  currentEventVersion,
  partitionStoredEvents,
  readStoredRunEvent,
  RUN_EVENT_TYPES,
  STORED_VERSION_KEY,
  type RunEvent,
  type StoredRunEvent,
} from "../../events";
import { prisma, withDbErrors } from "../core";
import type { Prisma } from "../generated/prisma/client";

/**
 * The runs a training export looks at and the verdict on each (lib/evaluations/scoring/training-selection.ts): the runs the viewer
 * may export that the filter's fields narrow to, a page at a time, each with the reason it is left out or null.
 * Reviewers and admins see every routine's runs; an author the runs of routines they own and the runs they started.
 */

const PAGE_SIZE = 50;
/** Deeper than any chain of sub-routines (each child waits on its parent's step). */
const MAX_DEPTH = 64;
/** The events a verdict reads: the tool calls, and how each ended. */
export const VERDICT_EVENT_TYPES = ["step.tool_call", "step.output", "step.failed"];

const RUN_SELECT = {
  id: true,
  versionId: true,
  inputs: true,
  request: true,
  execution: true,
  status: true,
  source: true,
  parentRunId: true,
  createdAt: true,
  version: { select: { toolHashes: true } },
} as const;
export type TrainingRunRow = Prisma.RunGetPayload<{ select: typeof RUN_SELECT }>;

/**
 * A run with its events (those the caller asked for, that could be read) and why it is left out, or null when it is
 * an example.
 */
export type JudgedRun = { row: TrainingRunRow; events: RunEvent[]; reason: ExclusionReason | null };

function scopeOf(viewer: Viewer): Prisma.RunWhereInput {
  if (viewer.roles.includes("admin") || viewer.roles.includes("reviewer")) return {};
  return { OR: [{ startedById: viewer.id }, { version: { routine: { ownerId: viewer.id } } }] };
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 60 * 60 * 1000);

function runWhere(viewer: Viewer, filter: TrainingFilter): Prisma.RunWhereInput {
  const createdAt: Prisma.DateTimeFilter = {};
  if (filter.from) createdAt.gte = new Date(`${filter.from}T00:00:00Z`);
  if (filter.to) createdAt.lt = nextDay(filter.to);
  return {
    AND: [
      scopeOf(viewer),
      {
        ...(filter.routineId ? { routineId: filter.routineId } : {}),
        ...(filter.versionId ? { versionId: filter.versionId } : {}),
        ...(filter.from || filter.to ? { createdAt } : {}),
      },
    ],
  };
}

export const readJson = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/**
 * Each run's executor model: the model its execution plan named, else the one its model calls recorded (the
 * executor's first, else any).
 */
async function modelsOf(rows: TrainingRunRow[]): Promise<Map<string, string | null>> {
  const models = new Map<string, string | null>();
  const missing: string[] = [];
  for (const row of rows) {
    const plan = readJson(row.execution) as { model?: unknown } | null;
    if (plan && typeof plan.model === "string" && plan.model) models.set(row.id, plan.model);
    else missing.push(row.id);
  }
  if (missing.length === 0) return models;
  const calls = await withDbErrors(() =>
    prisma.llmCall.findMany({
      where: { runId: { in: missing } },
      orderBy: { at: "asc" },
      select: { runId: true, model: true, role: true },
    }),
  );
  for (const id of missing) {
    const own = calls.filter((call) => call.runId === id);
    models.set(id, (own.find((call) => call.role === "executor") ?? own[0])?.model ?? null);
  }
  return models;
}

/**
 * The evaluation run each run belongs to, or null: itself for an evaluation's run, its root for a sub-routine run
 * under one (whose test case is the root's).
 */
async function evaluationRoots(rows: TrainingRunRow[]): Promise<Map<string, string | null>> {
  const roots = new Map<string, string | null>();
  for (const row of rows) {
    let source = row.source;
    let id: string = row.id;
    let parent = row.parentRunId;
    for (let depth = 0; source !== "eval" && parent !== null && depth < MAX_DEPTH; depth++) {
      const up = await withDbErrors(() =>
        prisma.run.findUnique({ where: { id: parent! }, select: { id: true, source: true, parentRunId: true } }),
      );
      if (!up) break;
      ({ id, source, parentRunId: parent } = up);
    }
    roots.set(row.id, source === "eval" ? id : null);
  }
  return roots;
}

/** Evaluation runs whose test case passed, of `ids`. */
async function passedCases(ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const results = await withDbErrors(() =>
    prisma.evalResult.findMany({ where: { runId: { in: ids }, status: "passed" }, select: { runId: true } }),
  );
  return new Set(results.map((result) => result.runId!));
}

/**
 * Besides the types a narrowed read asks for, the rows this server may fail to read, so a run with one is left out
 * by the summary as by the export (decision 0039): a type it does not know, and a payload not stamped with its
 * type's current version (older rows to migrate, and newer ones). The writer puts the stamp first.
 */
function mayBeUnreadable(): Prisma.RunEventWhereInput[] {
  return [
    { type: { notIn: RUN_EVENT_TYPES } },
    ...RUN_EVENT_TYPES.map((type) => {
      const stamp = `{"${STORED_VERSION_KEY}":${currentEventVersion(type)}`;
      return { type, NOT: [{ payload: { startsWith: `${stamp},` } }, { payload: `${stamp}}` }] };
    }),
  ];
}

/**
 * The stored events of `ids`, by run, in seq order, those this server cannot read among them as such. `types`
 * narrows them to those types and the rows it may not read (mayBeUnreadable).
 */
export async function readRunEvents(ids: string[], types?: string[]): Promise<Map<string, StoredRunEvent[]>> {
  const narrowed = types ? { OR: [{ type: { in: types } }, ...mayBeUnreadable()] } : {};
  const rows = ids.length
    ? await withDbErrors(() =>
        prisma.runEvent.findMany({
          where: { runId: { in: ids }, ...narrowed },
          orderBy: [{ runId: "asc" }, { seq: "asc" }],
          select: { runId: true, seq: true, type: true, payload: true, at: true },
        }),
      )
    : [];
  const events = new Map<string, StoredRunEvent[]>();
  for (const row of rows) {
    const own = events.get(row.runId);
    if (own) own.push(storedRow(row));
    else events.set(row.runId, [storedRow(row)]);
  }
  return events;
}

/**
 * Every run the viewer may export that the filter's fields (routine, version, dates, model) take, a page at a time
 * in id order, each judged for the filter's source. Events are read for the runs that succeeded, `eventTypes` of
 * them (all when not given); the verdict needs only the tool calls and how they ended.
 */
export async function* judgedRuns(
  viewer: Viewer,
  filter: TrainingFilter,
  eventTypes?: string[],
): AsyncGenerator<JudgedRun[]> {
  const where = runWhere(viewer, filter);
  let cursor: string | undefined;
  for (;;) {
    const after = { cursor: cursor ? { id: cursor } : undefined, skip: cursor ? 1 : 0 };
    const page = await withDbErrors(() =>
      prisma.run.findMany({ where, orderBy: { id: "asc" }, take: PAGE_SIZE, ...after, select: RUN_SELECT }),
    );
    let rows = page;
    if (filter.model) {
      const models = await modelsOf(rows);
      rows = rows.filter((row) => models.get(row.id) === filter.model);
    }
    if (rows.length > 0) {
      const roots = await evaluationRoots(rows);
      const evaluationIds = [...new Set([...roots.values()].filter((id): id is string => id !== null))];
      const passed = await passedCases(evaluationIds);
      const succeeded = rows.filter((row) => row.status === "succeeded").map((row) => row.id);
      const events = await readRunEvents(succeeded, eventTypes);
      yield rows.map((row) => {
        const root = roots.get(row.id) ?? null;
        const own = partitionStoredEvents(events.get(row.id) ?? []);
        const reason = exclusionOf(
          {
            status: row.status,
            evaluation: root !== null,
            casePassed: root === null ? null : passed.has(root),
            unhandledToolErrors: unhandledToolErrors(own.events).length,
            unreadableEvents: own.unreadable.length,
          },
          filter.source,
        );
        return { row, events: own.events, reason };
      });
    }
    if (page.length < PAGE_SIZE) return;
    cursor = page[page.length - 1]!.id;
  }
}

/** A stored event row read forward to the current version (or reported unreadable, lib/events). */
function storedRow(row: { runId: string; seq: number; type: string; payload: string; at: Date }): StoredRunEvent {
  return readStoredRunEvent({ ...row, at: row.at.toISOString() });
}
