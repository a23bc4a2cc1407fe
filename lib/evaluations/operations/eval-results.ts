import "server-only";
import { z } from "zod";
import { COMMENTER_ROLES, requireRole, type Viewer } from "../../access";
import {
  countAnswerOrigins,
  type ActualCall,
  type CaseError,
  type CaseOutcome,
  type CaseVerdict,
  type ExpectedCall,
  type ResultStatus,
} from "../scoring";
import type { ToolAnswerOrigin } from "../../events";
import type { JsonValue } from "../../routine";
import { readRunConfigurations, type RunConfiguration } from "../driver";
import { NotFoundError, parseInput, prisma, withDbErrors } from "../../db/core";

/**
 * A result as the per-case table shows it; `answers` counts its calls by where their answers came from (live,
 * pinned, simulated by the evaluation sandbox).
 */
export type ResultCell = {
  resultId: string;
  /** Which trial of the case (0-based). */
  trial: number;
  status: ResultStatus | "pending" | "running";
  headline: string | null;
  answers: Record<ToolAnswerOrigin, number>;
  /** Whether every tool answered without an error and how the run ended; null before it ran. */
  outcome: CaseOutcome | null;
};
/** A case under one configuration: each trial's result, in trial order. */
export type ResultTrials = { trials: ResultCell[] };
/**
 * A case's row; `deleted` when the case was deleted since (its results are kept); `strict` when it requires a
 * successful outcome besides right calls.
 */
export type ResultRow = {
  caseId: string;
  caseName: string;
  deleted: boolean;
  strict: boolean;
  cells: Array<ResultTrials | null>;
};
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
  trial: number;
  /** Trials per case in the suite run. */
  trials: number;
  configuration: RunConfiguration | null;
  strict: boolean;
  outcome: CaseOutcome | null;
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
        select: { id: true, name: true, deletedAt: true, strict: true },
      }),
    ]);
    const results = await prisma.evalResult.findMany({
      where: { evalRunId, caseId: { in: cases.map((one) => one.id) } },
      select: {
        id: true,
        caseId: true,
        configIndex: true,
        trial: true,
        status: true,
        verdict: true,
        error: true,
        actualCalls: true,
        outcome: true,
      },
      orderBy: { trial: "asc" },
    });
    const byCase = new Map<string, Array<ResultTrials | null>>(
      cases.map((one) => [one.id, new Array<ResultTrials | null>(size).fill(null)]),
    );
    for (const result of results) {
      const cells = byCase.get(result.caseId);
      if (!cells || result.configIndex >= size) continue;
      const primary = readJson<{ primary?: CaseError | null } | null>(result.verdict, null)?.primary;
      const cell = (cells[result.configIndex] ??= { trials: [] });
      cell.trials.push({
        resultId: result.id,
        trial: result.trial,
        status: toCellStatus(result.status),
        headline: primary?.message ?? result.error,
        answers: countAnswerOrigins(readJson<unknown>(result.actualCalls, [])),
        outcome: readJson<CaseOutcome | null>(result.outcome, null),
      });
    }
    return {
      total,
      page,
      pageSize,
      rows: cases.map((one) => ({
        caseId: one.id,
        caseName: one.name,
        deleted: one.deletedAt !== null,
        strict: one.strict,
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
        evalRun: {
          select: { configurations: true, trials: true, suiteId: true, suite: { select: { routineId: true } } },
        },
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
    trial: row.trial,
    trials: row.evalRun.trials,
    configuration: readRunConfigurations(row.evalRun.configurations)[row.configIndex] ?? null,
    strict: row.testCase.strict,
    outcome: readJson<CaseOutcome | null>(row.outcome, null),
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
