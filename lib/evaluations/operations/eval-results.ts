import "server-only";
import { z } from "zod";
import { COMMENTER_ROLES, requireRole, type Viewer } from "../../access";
import {
  countAnswerOrigins,
  scoreResults,
  type ActualCall,
  type CaseError,
  type CaseVerdict,
  type ConfigurationScore,
  type ExpectedCall,
  type ResultStatus,
} from "../scoring";
import type { ToolAnswerOrigin } from "../../events";
import type { JsonValue } from "../../routine";
import { DEFAULT_CONTEXT_SETTINGS } from "../../context-modes";
import { readRunConfigurations, type RunConfiguration } from "../driver";
import { NotFoundError, parseInput, prisma, withDbErrors } from "../../db/core";

/** One configuration of a suite run with its score, and the score of the same configuration in the run before. */
export type ConfigurationReport = {
  index: number;
  configuration: RunConfiguration;
  versionNumber: number | null;
  score: ConfigurationScore;
  previous: ConfigurationScore | null;
};

export type EvalRunReport = {
  evalRunId: string;
  suite: { id: string; name: string; routineId: string };
  configurations: ConfigurationReport[];
  /** The suite's previous finished run this one is compared with. */
  previousRunId: string | null;
};

/**
 * A result as the per-case table shows it; `answers` counts its calls by where their answers came from (live,
 * pinned, simulated by the evaluation sandbox).
 */
export type ResultCell = {
  resultId: string;
  status: ResultStatus | "pending" | "running";
  headline: string | null;
  answers: Record<ToolAnswerOrigin, number>;
};
/** A case's row; `deleted` when the case was deleted since (its results are kept). */
export type ResultRow = { caseId: string; caseName: string; deleted: boolean; cells: Array<ResultCell | null> };
export type ResultPage = { rows: ResultRow[]; total: number; page: number; pageSize: number };

/** One result opened: the case's expectations beside what the run did, and the checker's verdict. */
export type EvalResultDetail = {
  id: string;
  evalRunId: string;
  suiteId: string;
  routineId: string;
  caseId: string;
  caseName: string;
  request: string;
  inputs: Record<string, JsonValue>;
  configIndex: number;
  configuration: RunConfiguration | null;
  status: ResultCell["status"];
  error: string | null;
  runId: string | null;
  expectedCalls: ExpectedCall[];
  expectedPath: string[];
  actualCalls: ActualCall[];
  verdict: CaseVerdict | null;
  durationMs: number;
  inputTokens: number;
  outputTokens: number;
};

const STATUSES = ["passed", "failed", "error", "skipped", "pending", "running"] as const;
const toCellStatus = (value: string): ResultCell["status"] =>
  (STATUSES as readonly string[]).includes(value) ? (value as ResultCell["status"]) : "error";

function readJson<T>(text: string | null, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

// A run before context settings were stored ran on the engine's default mode.
const configKey = (config: RunConfiguration) =>
  JSON.stringify([
    config.versionId,
    config.model,
    config.mode,
    config.distractors,
    config.context?.mode ?? DEFAULT_CONTEXT_SETTINGS.mode,
  ]);

/** Scores of a run's results, per configuration index. Only final results count (pending ones are not scored). */
async function scoresOf(evalRunId: string, size: number): Promise<ConfigurationScore[]> {
  const rows = await prisma.evalResult.findMany({
    where: { evalRunId, status: { in: ["passed", "failed", "error", "skipped"] } },
    select: { configIndex: true, status: true, verdict: true },
  });
  const groups = Array.from({ length: size }, () => [] as Array<{ status: ResultStatus; verdict: CaseVerdict | null }>);
  for (const row of rows)
    groups[row.configIndex]?.push({
      status: row.status as ResultStatus,
      verdict: readJson<CaseVerdict | null>(row.verdict, null),
    });
  return groups.map(scoreResults);
}

/**
 * A suite run's scores per configuration (final results so far: a running suite's figures grow), each beside the
 * same configuration's score in the suite's previous finished run. Authors, reviewers and admins.
 */
export async function getEvalRunReport(viewer: Viewer | null, evalRunId: string): Promise<EvalRunReport> {
  requireRole(viewer, ...COMMENTER_ROLES);
  parseInput(z.string().min(1), evalRunId);
  return withDbErrors(async () => {
    const run = await prisma.evalRun.findUnique({
      where: { id: evalRunId },
      select: {
        id: true,
        configurations: true,
        createdAt: true,
        suite: { select: { id: true, name: true, routineId: true } },
      },
    });
    if (!run) throw new NotFoundError("That suite run does not exist.");
    const configurations = readRunConfigurations(run.configurations);
    const previous = await prisma.evalRun.findFirst({
      where: { suiteId: run.suite.id, status: "succeeded", createdAt: { lt: run.createdAt } },
      orderBy: { createdAt: "desc" },
      select: { id: true, configurations: true },
    });
    const [scores, versions] = await Promise.all([
      scoresOf(evalRunId, configurations.length),
      prisma.routineVersion.findMany({
        where: { id: { in: configurations.map((config) => config.versionId) } },
        select: { id: true, number: true },
      }),
    ]);
    let before = new Map<string, ConfigurationScore>();
    if (previous) {
      const previousConfigs = readRunConfigurations(previous.configurations);
      const previousScores = await scoresOf(previous.id, previousConfigs.length);
      before = new Map(previousConfigs.map((config, index) => [configKey(config), previousScores[index]!]));
    }
    const numbers = new Map(versions.map((version) => [version.id, version.number]));
    return {
      evalRunId,
      suite: run.suite,
      previousRunId: previous?.id ?? null,
      configurations: configurations.map((configuration, index) => ({
        index,
        configuration,
        versionNumber: numbers.get(configuration.versionId) ?? null,
        score: scores[index]!,
        previous: before.get(configKey(configuration)) ?? null,
      })),
    };
  });
}

const pageInput = z.object({
  evalRunId: z.string().min(1),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
  failedOnly: z.boolean().default(false),
});

/**
 * One page of a suite run's cases (by name), each with its result under every configuration; `failedOnly` keeps
 * the cases that failed or errored under at least one. Authors, reviewers and admins.
 */
export async function listEvalResults(viewer: Viewer | null, input: z.input<typeof pageInput>): Promise<ResultPage> {
  requireRole(viewer, ...COMMENTER_ROLES);
  const { evalRunId, page, pageSize, failedOnly } = parseInput(pageInput, input);
  return withDbErrors(async () => {
    const run = await prisma.evalRun.findUnique({ where: { id: evalRunId }, select: { configurations: true } });
    if (!run) throw new NotFoundError("That suite run does not exist.");
    const size = readRunConfigurations(run.configurations).length;
    const where = {
      results: { some: { evalRunId, ...(failedOnly ? { status: { in: ["failed", "error"] } } : {}) } },
    };
    const [total, cases] = await Promise.all([
      prisma.testCase.count({ where }),
      prisma.testCase.findMany({
        where,
        orderBy: [{ name: "asc" }, { id: "asc" }],
        skip: (page - 1) * pageSize,
        take: pageSize,
        select: { id: true, name: true, deletedAt: true },
      }),
    ]);
    const results = await prisma.evalResult.findMany({
      where: { evalRunId, caseId: { in: cases.map((one) => one.id) } },
      select: {
        id: true,
        caseId: true,
        configIndex: true,
        status: true,
        verdict: true,
        error: true,
        actualCalls: true,
      },
    });
    const byCase = new Map<string, Array<ResultCell | null>>(
      cases.map((one) => [one.id, new Array<ResultCell | null>(size).fill(null)]),
    );
    for (const result of results) {
      const cells = byCase.get(result.caseId);
      if (!cells || result.configIndex >= size) continue;
      const primary = readJson<{ primary?: CaseError | null } | null>(result.verdict, null)?.primary;
      cells[result.configIndex] = {
        resultId: result.id,
        status: toCellStatus(result.status),
        headline: primary?.message ?? result.error,
        answers: countAnswerOrigins(readJson<unknown>(result.actualCalls, [])),
      };
    }
    return {
      total,
      page,
      pageSize,
      rows: cases.map((one) => ({
        caseId: one.id,
        caseName: one.name,
        deleted: one.deletedAt !== null,
        cells: byCase.get(one.id)!,
      })),
    };
  });
}

/** One result with its case and verdict (the drill-down). Authors, reviewers and admins; NotFoundError if unknown. */
export async function getEvalResult(viewer: Viewer | null, resultId: string): Promise<EvalResultDetail> {
  requireRole(viewer, ...COMMENTER_ROLES);
  parseInput(z.string().min(1), resultId);
  const row = await withDbErrors(() =>
    prisma.evalResult.findUnique({
      where: { id: resultId },
      include: {
        testCase: true,
        evalRun: { select: { configurations: true, suiteId: true, suite: { select: { routineId: true } } } },
      },
    }),
  );
  if (!row) throw new NotFoundError("That result does not exist.");
  return {
    id: row.id,
    evalRunId: row.evalRunId,
    suiteId: row.evalRun.suiteId,
    routineId: row.evalRun.suite.routineId,
    caseId: row.caseId,
    caseName: row.testCase.name,
    request: row.testCase.request,
    inputs: readJson(row.testCase.inputs, {}),
    configIndex: row.configIndex,
    configuration: readRunConfigurations(row.evalRun.configurations)[row.configIndex] ?? null,
    status: toCellStatus(row.status),
    error: row.error,
    runId: row.runId,
    expectedCalls: readJson(row.testCase.expectedCalls, []),
    expectedPath: readJson(row.testCase.expectedPath, []),
    actualCalls: readJson(row.actualCalls, []),
    verdict: readJson<CaseVerdict | null>(row.verdict, null),
    durationMs: row.durationMs,
    inputTokens: row.inputTokens,
    outputTokens: row.outputTokens,
  };
}
