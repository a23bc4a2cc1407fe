import "server-only";
import { COMMENTER_ROLES, requireRole, type Viewer } from "../../access";
import {
  missingToolDefinition,
  summarize,
  trainingFilterSchema,
  trainingLine,
  trajectoryFromRun,
  type ExclusionReason,
  type TrainingFilter,
  type TrainingFormat,
  type TrainingSummary,
} from "../../evaluations/scoring";
import type { RunEvent } from "../../events";
import { renderRoutinePrompt, toolAllowlist, type JsonValue, type Routine, type ToolDefinition } from "../../routine";
import { readToolPins } from "../../tools";
import { readStoredRoutine } from "../routines";
import { parseInput, prisma, withDbErrors } from "../core";
import { judgedRuns, readJson, VERDICT_EVENT_TYPES, type TrainingRunRow } from "./training-runs";
import { readToolHistory, type DefinitionOf } from "./training-tools";

/**
 * The training-data export: runs that finished well as fine-tuning lines (which ones: lib/evaluations/scoring/training-selection.ts,
 * judged in training-runs.ts). Authors, reviewers and admins may export (the people who shape routines and judge
 * them; operators run them but do not train models on them); reviewers and admins every routine's runs, an author
 * the runs of routines they own and the runs they started. Runs are read a page at a time and written a line at a
 * time, so an export of any size holds one page in memory.
 */
export const EXPORT_ROLES = COMMENTER_ROLES;

/** The routine of each version, read once per export; null for a planned run or content that no longer reads. */
function routineReader(): (versionId: string | null) => Promise<Routine | null> {
  const routines = new Map<string, Routine | null>();
  return async (versionId) => {
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
}

/** The tools of a run's line: its routine's allowlist, each as the run saw it or the missing-definition note. */
function allowlistOf(routine: Routine | null, definitionOf: DefinitionOf): ToolDefinition[] {
  return (routine ? toolAllowlist(routine) : []).map((ref) => definitionOf(ref) ?? missingToolDefinition(ref));
}

const definitionsFor = (history: Awaited<ReturnType<typeof readToolHistory>>, row: TrainingRunRow) =>
  history({ createdAt: row.createdAt, pins: readToolPins(row.version?.toolHashes) });

/** Whether a run's line would declare a tool the registry holds no definition of. */
function hasUndefinedTool(routine: Routine | null, events: RunEvent[], definitionOf: DefinitionOf): boolean {
  const refs = [
    ...(routine ? toolAllowlist(routine) : []),
    ...events.flatMap((event) =>
      event.type === "step.tool_call" ? [{ server: event.data.server, name: event.data.tool }] : [],
    ),
  ];
  return refs.some((ref) => definitionOf(ref) === null);
}

/**
 * What an export with `filter` holds: the examples it writes (one per run), how many runs each rule left out, and
 * how many examples carry a tool without a stored definition. Authors, reviewers and admins.
 */
export async function summarizeTrainingExport(viewer: Viewer | null, filter: unknown): Promise<TrainingSummary> {
  requireRole(viewer, ...EXPORT_ROLES);
  const parsed = parseInput(trainingFilterSchema, filter);
  const history = await readToolHistory();
  const routineOf = routineReader();
  const verdicts: Array<{ reason: ExclusionReason | null; undefinedTools: boolean }> = [];
  for await (const page of judgedRuns(viewer, parsed, VERDICT_EVENT_TYPES))
    for (const { row, events, reason } of page)
      verdicts.push({
        reason,
        undefinedTools:
          reason === null && hasUndefinedTool(await routineOf(row.versionId), events, definitionsFor(history, row)),
      });
  return summarize(verdicts);
}

/** A stored variable's value: its JSON, or the text itself. */
const variableValue = (text: string): JsonValue => (readJson(text) ?? text) as JsonValue;

async function readVariables(ids: string[]): Promise<Map<string, Map<string, string>>> {
  const rows = ids.length
    ? await withDbErrors(() =>
        prisma.variable.findMany({ where: { runId: { in: ids } }, select: { runId: true, key: true, value: true } }),
      )
    : [];
  const variables = new Map<string, Map<string, string>>();
  for (const row of rows) {
    if (!variables.has(row.runId)) variables.set(row.runId, new Map());
    variables.get(row.runId)!.set(row.key, row.value);
  }
  return variables;
}

/**
 * The export's JSONL, one line (with its newline) per example the filter takes, in `format`; with `withRoutine` the
 * system prompt carries the run's routine version in the paper's plain text, else a generic prompt. Each tool is
 * declared as the run saw it (training-tools.ts). Authors, reviewers and admins; the examples
 * `summarizeTrainingExport` counts.
 */
export async function* streamTrainingExamples(
  viewer: Viewer | null,
  filter: unknown,
  format: TrainingFormat,
  withRoutine: boolean,
): AsyncGenerator<string> {
  requireRole(viewer, ...EXPORT_ROLES);
  const parsed: TrainingFilter = parseInput(trainingFilterSchema, filter);
  const history = await readToolHistory();
  const routineOf = routineReader();
  for await (const page of judgedRuns(viewer, parsed)) {
    const examples = page.filter((judged) => judged.reason === null);
    const variables = await readVariables(examples.map(({ row }) => row.id));
    for (const { row, events } of examples) {
      const routine = await routineOf(row.versionId);
      const definitionOf = definitionsFor(history, row);
      const own = variables.get(row.id);
      const trajectory = trajectoryFromRun({
        routineText: withRoutine && routine ? renderRoutinePrompt(routine, { variant: "full" }) : null,
        request: row.request,
        inputs: (readJson(row.inputs) ?? {}) as Record<string, JsonValue>,
        events,
        tools: allowlistOf(routine, definitionOf),
        definitionOf,
        resolveVariable: (key) => {
          const text = own?.get(key);
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
