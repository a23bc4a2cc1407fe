import "server-only";
import { COMMENTER_ROLES, requireRole, type Viewer } from "../../access";
import {
  trainingFilterSchema,
  trainingLine,
  trajectoryFromRun,
  type TrainingFilter,
  type TrainingFormat,
} from "../../eval";
import type { RunEvent } from "../../events";
import { storedRunEvent } from "../../run-service";
import { renderRoutinePrompt, toolAllowlist, type JsonValue, type Routine, type ToolDefinition } from "../../routine";
import { readDefinition } from "../tools";
import { readStoredRoutine } from "../routines";
import { parseInput, prisma, withDbErrors } from "../core";
import type { Prisma } from "../generated/prisma/client";

/**
 * The training-data export: good runs as fine-tuning lines. Authors, reviewers and admins may export (the people
 * who shape routines and judge them; operators run them but do not train models on them). Reviewers and admins
 * export every routine's runs, as they review every routine; an author exports the runs of routines they own and
 * the runs they started, the runs they may already see. Runs are read a page at a time and written a line at a
 * time, so an export of any size holds one page in memory.
 */

export const EXPORT_ROLES = COMMENTER_ROLES;
const PAGE_SIZE = 50;

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
        ...(filter.source === "runs" ? { status: "succeeded" } : {}),
        ...(filter.routineId ? { routineId: filter.routineId } : {}),
        ...(filter.versionId ? { versionId: filter.versionId } : {}),
        ...(filter.from || filter.to ? { createdAt } : {}),
      },
    ],
  };
}

const RUN_SELECT = { id: true, versionId: true, inputs: true, request: true, execution: true } as const;
type RunRow = Prisma.RunGetPayload<{ select: typeof RUN_SELECT }>;

const readJson = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/** The runs the filter takes, a page at a time (without the model filter, which needs each run's model). */
async function* runPages(where: Prisma.RunWhereInput, filter: TrainingFilter): AsyncGenerator<RunRow[]> {
  let cursor: string | undefined;
  for (;;) {
    const after = { cursor: cursor ? { id: cursor } : undefined, skip: cursor ? 1 : 0 };
    if (filter.source === "runs") {
      const rows = await withDbErrors(() =>
        prisma.run.findMany({ where, orderBy: { id: "asc" }, take: PAGE_SIZE, ...after, select: RUN_SELECT }),
      );
      if (rows.length > 0) yield rows;
      if (rows.length < PAGE_SIZE) return;
      cursor = rows[rows.length - 1].id;
    } else {
      // The runs behind passed test-case results: eval_result keeps the run id without a relation, so page through
      // the results and read their runs by id.
      const results = await withDbErrors(() =>
        prisma.evalResult.findMany({
          where: {
            status: "passed",
            runId: { not: null },
            ...(filter.versionId ? { versionId: filter.versionId } : {}),
          },
          orderBy: { id: "asc" },
          take: PAGE_SIZE,
          ...after,
          select: { id: true, runId: true },
        }),
      );
      const ids = [...new Set(results.map((result) => result.runId!))];
      const rows = ids.length
        ? await withDbErrors(() =>
            prisma.run.findMany({
              where: { AND: [where, { id: { in: ids } }] },
              orderBy: { id: "asc" },
              select: RUN_SELECT,
            }),
          )
        : [];
      if (rows.length > 0) yield rows;
      if (results.length < PAGE_SIZE) return;
      cursor = results[results.length - 1].id;
    }
  }
}

/**
 * Each run's executor model: the model its execution plan named, else the one its model calls recorded (the
 * executor's first, else any).
 */
async function modelsOf(rows: RunRow[]): Promise<Map<string, string | null>> {
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

async function* matchingPages(viewer: Viewer, filter: TrainingFilter): AsyncGenerator<RunRow[]> {
  for await (const rows of runPages(runWhere(viewer, filter), filter)) {
    if (!filter.model) {
      yield rows;
      continue;
    }
    const models = await modelsOf(rows);
    const kept = rows.filter((row) => models.get(row.id) === filter.model);
    if (kept.length > 0) yield kept;
  }
}

/** How many examples an export with `filter` writes: one per run. Authors, reviewers and admins. */
export async function countTrainingExamples(viewer: Viewer | null, filter: unknown): Promise<number> {
  requireRole(viewer, ...EXPORT_ROLES);
  const parsed = parseInput(trainingFilterSchema, filter);
  if (parsed.source === "runs" && !parsed.model)
    return withDbErrors(() => prisma.run.count({ where: runWhere(viewer, parsed) }));
  let count = 0;
  for await (const rows of matchingPages(viewer, parsed)) count += rows.length;
  return count;
}

/** Tool definitions by "server/name", from the registry's snapshots: the current one, else the newest. */
async function readToolDefinitions(): Promise<Map<string, ToolDefinition>> {
  const rows = await withDbErrors(() =>
    prisma.toolSnapshot.findMany({
      orderBy: [{ current: "desc" }, { takenAt: "desc" }],
      select: { toolName: true, definition: true, server: { select: { name: true } } },
    }),
  );
  const tools = new Map<string, ToolDefinition>();
  for (const row of rows) {
    const key = `${row.server.name}/${row.toolName}`;
    if (tools.has(key)) continue;
    const definition = readDefinition(row.definition);
    tools.set(key, {
      server: row.server.name,
      name: row.toolName,
      description: definition.description ?? "",
      inputSchema: (definition.inputSchema ?? { type: "object" }) as ToolDefinition["inputSchema"],
    });
  }
  return tools;
}

type PageData = { events: Map<string, RunEvent[]>; variables: Map<string, Map<string, string>> };

async function readPageData(ids: string[]): Promise<PageData> {
  const [eventRows, variableRows] = await withDbErrors(() =>
    Promise.all([
      prisma.runEvent.findMany({
        where: { runId: { in: ids } },
        orderBy: [{ runId: "asc" }, { seq: "asc" }],
        select: { runId: true, seq: true, type: true, payload: true, at: true },
      }),
      prisma.variable.findMany({ where: { runId: { in: ids } }, select: { runId: true, key: true, value: true } }),
    ]),
  );
  const events = new Map<string, RunEvent[]>();
  for (const row of eventRows) {
    const event = storedRunEvent(row.runId, row);
    if (event) events.set(row.runId, [...(events.get(row.runId) ?? []), event]);
  }
  const variables = new Map<string, Map<string, string>>();
  for (const row of variableRows) {
    if (!variables.has(row.runId)) variables.set(row.runId, new Map());
    variables.get(row.runId)!.set(row.key, row.value);
  }
  return { events, variables };
}

/** A stored variable's value: its JSON, or the text itself. */
const variableValue = (text: string): JsonValue => (readJson(text) ?? text) as JsonValue;

/**
 * The export's JSONL, one line (with its newline) per run the filter takes, in `format`; with `withRoutine` the
 * system prompt carries the run's routine version in the paper's plain text, else a generic prompt. Authors,
 * reviewers and admins; the same runs `countTrainingExamples` counts.
 */
export async function* streamTrainingExamples(
  viewer: Viewer | null,
  filter: unknown,
  format: TrainingFormat,
  withRoutine: boolean,
): AsyncGenerator<string> {
  requireRole(viewer, ...EXPORT_ROLES);
  const parsed = parseInput(trainingFilterSchema, filter);
  const definitions = await readToolDefinitions();
  const routines = new Map<string, Routine | null>();
  // A planned run follows no version: it exports its calls without a routine.
  const routineOf = async (versionId: string | null) => {
    if (versionId === null) return null;
    if (!routines.has(versionId)) {
      const version = await withDbErrors(() =>
        prisma.routineVersion.findUnique({ where: { id: versionId }, select: { content: true } }),
      );
      let routine: Routine | null = null;
      try {
        routine = version ? readStoredRoutine(version.content) : null;
      } catch {
        // A version whose content no longer reads still exports its calls, without the routine or its tools.
      }
      routines.set(versionId, routine);
    }
    return routines.get(versionId) ?? null;
  };

  for await (const rows of matchingPages(viewer, parsed)) {
    const page = await readPageData(rows.map((row) => row.id));
    for (const row of rows) {
      const routine = await routineOf(row.versionId);
      const tools = (routine ? toolAllowlist(routine) : []).map(
        (ref) =>
          definitions.get(`${ref.server}/${ref.name}`) ?? {
            ...ref,
            description: "",
            inputSchema: { type: "object" },
          },
      );
      const variables = page.variables.get(row.id);
      const trajectory = trajectoryFromRun({
        routineText: withRoutine && routine ? renderRoutinePrompt(routine, { variant: "full" }) : null,
        request: row.request,
        inputs: (readJson(row.inputs) ?? {}) as Record<string, JsonValue>,
        events: page.events.get(row.id) ?? [],
        tools,
        resolveVariable: (key) => {
          const text = variables?.get(key);
          return text === undefined ? undefined : variableValue(text);
        },
      });
      yield `${trainingLine(trajectory, format)}\n`;
    }
  }
}

/** What the export page's form offers: the routines the viewer may export, their versions, the models seen. */
export async function listTrainingExportOptions(viewer: Viewer | null): Promise<{
  routines: Array<{ id: string; name: string; versions: Array<{ id: string; number: number }> }>;
  models: string[];
}> {
  requireRole(viewer, ...EXPORT_ROLES);
  const all = viewer.roles.includes("admin") || viewer.roles.includes("reviewer");
  const [routines, plans, calls] = await withDbErrors(() =>
    Promise.all([
      prisma.routine.findMany({
        where: all ? {} : { ownerId: viewer.id },
        orderBy: { name: "asc" },
        select: { id: true, name: true, versions: { orderBy: { number: "desc" }, select: { id: true, number: true } } },
      }),
      prisma.run.groupBy({ by: ["execution"] }),
      prisma.llmCall.groupBy({ by: ["model"], where: { runId: { not: null } } }),
    ]),
  );
  const models = new Set(calls.map((call) => call.model));
  for (const { execution } of plans) {
    const model = (readJson(execution) as { model?: unknown } | null)?.model;
    if (typeof model === "string" && model) models.add(model);
  }
  return { routines, models: [...models].sort() };
}
