import "server-only";
import { COMMENTER_ROLES } from "../../access";
import { caseToolProblems, testCaseContentSchema, type TestCaseContent } from "../../evaluations/scoring";
import { toolAllowlist, type JsonValue, type ToolDefinition } from "../../routine";
import { NotFoundError, prisma } from "../core";
import type { Prisma } from "../generated/prisma/client";
import { findWorkingVersion, readStoredRoutine } from "../routines";
import type { SideEffects } from "../../tools";
import { readCatalogSideEffects, readCatalogTools } from "../tools";

/** Who reads a routine's cases: its writers and the reviewers who weigh its scores (author, reviewer, admin). */
export const CASE_READ_ROLES = COMMENTER_ROLES;

export const CASE_SOURCES = ["manual", "run", "import", "planner"] as const;
export type CaseSource = (typeof CASE_SOURCES)[number];
export type CaseStatus = "active" | "proposed";

export const CASE_NOT_FOUND = "That test case no longer exists.";

/** A test case as the case table, the editor and the suites read it. */
export type TestCaseRow = TestCaseContent & {
  id: string;
  routineId: string;
  source: CaseSource;
  /** "active" cases run in suites; "proposed" ones wait for a person to keep or drop them. */
  status: CaseStatus;
  sourceRunId: string | null;
  createdBy: { id: string; name: string } | null;
  createdAt: Date;
  updatedAt: Date;
  /** Why the case cannot run against the routine as it stands (tools it names that are gone); suites skip it. */
  problems: string[];
};

/**
 * A tool a case may call: one of the routine's tools that the catalog still offers, with its parameter names, and
 * whether it changes data (a suite then simulates its calls that no pinned output answers).
 */
export type CaseTool = {
  name: string;
  server: string;
  description: string;
  parameters: string[];
  required: string[];
  sideEffects: SideEffects;
};

export const caseSelect = {
  id: true,
  routineId: true,
  name: true,
  request: true,
  inputs: true,
  expectedCalls: true,
  expectedPath: true,
  pinnedOutputs: true,
  strict: true,
  source: true,
  status: true,
  sourceRunId: true,
  createdAt: true,
  updatedAt: true,
  createdBy: { select: { id: true, name: true } },
} satisfies Prisma.TestCaseSelect;
export type CaseRecord = Prisma.TestCaseGetPayload<{ select: typeof caseSelect }>;

function readJson(text: string, fallback: JsonValue): JsonValue {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return fallback;
  }
}

/**
 * The stored content of a case, read back through the case schema. A row that no longer parses (written by an older
 * schema, or by hand) still shows, with empty expectations and a problem saying so, rather than breaking the table.
 */
function contentOf(record: CaseRecord): { content: TestCaseContent; unreadable: boolean } {
  const raw = {
    name: record.name,
    request: record.request,
    inputs: readJson(record.inputs, {}),
    expectedCalls: readJson(record.expectedCalls, []),
    expectedPath: readJson(record.expectedPath, []),
    pinnedOutputs: readJson(record.pinnedOutputs, []),
    strict: record.strict,
  };
  const parsed = testCaseContentSchema.safeParse(raw);
  if (parsed.success) return { content: parsed.data, unreadable: false };
  return {
    content: {
      name: record.name || "(unnamed)",
      request: record.request,
      inputs: {},
      expectedCalls: [],
      expectedPath: [],
      pinnedOutputs: [],
      strict: record.strict,
    },
    unreadable: true,
  };
}

/** A stored case as a row, flagged against the tool names a case may use. */
export function toCaseRow(record: CaseRecord, knownTools: ReadonlySet<string>): TestCaseRow {
  const { content, unreadable } = contentOf(record);
  const problems = unreadable
    ? ["The stored case no longer matches the test-case format: edit it and save it again."]
    : caseToolProblems(content, knownTools);
  return {
    ...content,
    id: record.id,
    routineId: record.routineId,
    source: (CASE_SOURCES as readonly string[]).includes(record.source) ? (record.source as CaseSource) : "manual",
    status: record.status === "proposed" ? "proposed" : "active",
    sourceRunId: record.sourceRunId,
    createdBy: record.createdBy,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    problems,
  };
}

/** The columns of a case's content, its JSON fields as text. */
export function contentColumns(content: TestCaseContent) {
  return {
    name: content.name,
    request: content.request,
    inputs: JSON.stringify(content.inputs),
    expectedCalls: JSON.stringify(content.expectedCalls),
    expectedPath: JSON.stringify(content.expectedPath),
    pinnedOutputs: JSON.stringify(content.pinnedOutputs),
    strict: content.strict,
  };
}

type Tx = Prisma.TransactionClient;

/**
 * The routine's latest version and the tools its cases may call: the tools that version's steps name which the
 * registry's catalog still offers (enabled server, tool not removed). NotFoundError for an unknown routine.
 */
export async function routineCaseContext(routineId: string, db: Tx = prisma) {
  const { routine: row, version } = await findWorkingVersion(db, routineId);
  const routine = readStoredRoutine(version.content);
  const [offered, effects] = await Promise.all([readCatalogTools(), readCatalogSideEffects()]);
  const catalog = new Map(offered.map((tool) => [`${tool.server}/${tool.name}`, tool]));
  const tools: CaseTool[] = [];
  const definitions: ToolDefinition[] = [];
  for (const ref of toolAllowlist(routine)) {
    const definition = catalog.get(`${ref.server}/${ref.name}`);
    if (!definition) continue;
    definitions.push(definition);
    tools.push({
      name: ref.name,
      server: ref.server,
      description: definition.description,
      parameters: Object.keys(definition.inputSchema?.properties ?? {}),
      required: [...(definition.inputSchema?.required ?? [])],
      sideEffects: effects.get(`${ref.server}/${ref.name}`)?.sideEffects ?? "writes",
    });
  }
  return {
    routineId: row.id,
    routineName: row.name,
    archived: row.archivedAt !== null,
    versionId: version.id,
    routine,
    tools,
    definitions,
    toolNames: new Set(tools.map((tool) => tool.name)),
  };
}

/** The case, or NotFoundError (also for a deleted one: it is kept only for the results it has). */
export async function findCase(caseId: string, db: Pick<Prisma.TransactionClient, "testCase"> = prisma) {
  const record = await db.testCase.findFirst({ where: { id: caseId, deletedAt: null }, select: caseSelect });
  if (!record) throw new NotFoundError(CASE_NOT_FOUND);
  return record;
}
