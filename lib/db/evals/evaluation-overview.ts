import "server-only";
import { COMMENTER_ROLES, requireRole, type Viewer } from "../../access";
import { NotFoundError, prisma, withDbErrors } from "../core";
import { readConfigurations } from "./suites";
import { parseRunConfigurations, type EvalMode } from "../../evaluations/scoring";
import type { ContextMode } from "../../context-modes";

/** A configuration of a suite's latest run with its figures over that run's judged results (trials). */
export type OverviewConfiguration = {
  versionNumber: number | null;
  mode: EvalMode;
  model: string;
  distractors: number;
  contextMode?: ContextMode;
  passed: number;
  judged: number;
};

/** A routine on the Evaluations page: its cases, its suites and each suite's latest run. */
export type RoutineEvaluationSummary = {
  routineId: string;
  routineName: string;
  activeCases: number;
  proposedCases: number;
  suites: Array<{
    id: string;
    name: string;
    configurations: number;
    /** The latest run, figures per configuration: never one figure blended over a routine and its baseline. */
    latest: { evalRunId: string; status: string; at: Date; configurations: OverviewConfiguration[] } | null;
  }>;
};

/**
 * Every routine that is not archived, with its case counts, its suites and their latest runs (accuracy per
 * configuration over the run's judged results). Authors, reviewers and admins.
 */
export async function listEvaluationOverview(viewer: Viewer | null): Promise<RoutineEvaluationSummary[]> {
  requireRole(viewer, ...COMMENTER_ROLES);
  return withDbErrors(async () => {
    const [routines, caseCounts, suites] = await Promise.all([
      prisma.routine.findMany({
        where: { archivedAt: null },
        orderBy: { name: "asc" },
        select: { id: true, name: true },
      }),
      prisma.testCase.groupBy({ by: ["routineId", "status"], where: { deletedAt: null }, _count: { _all: true } }),
      prisma.evalSuite.findMany({
        where: { deletedAt: null },
        orderBy: { createdAt: "asc" },
        select: {
          id: true,
          name: true,
          routineId: true,
          configurations: true,
          runs: {
            orderBy: { createdAt: "desc" },
            take: 1,
            select: { id: true, status: true, createdAt: true, finishedAt: true, configurations: true },
          },
        },
      }),
    ]);
    const latestIds = suites.flatMap((suite) => suite.runs.map((run) => run.id));
    const [tallies, versions] = await Promise.all([
      prisma.evalResult.groupBy({
        by: ["evalRunId", "configIndex", "status"],
        where: { evalRunId: { in: latestIds }, status: { in: ["passed", "failed", "error"] } },
        _count: { _all: true },
      }),
      prisma.routineVersion.findMany({
        where: { routineId: { in: routines.map((routine) => routine.id) } },
        select: { id: true, number: true },
      }),
    ]);
    const numbers = new Map(versions.map((version) => [version.id, version.number]));
    const tally = (evalRunId: string, configIndex: number, statuses: string[]) =>
      tallies
        .filter(
          (row) => row.evalRunId === evalRunId && row.configIndex === configIndex && statuses.includes(row.status),
        )
        .reduce((sum, row) => sum + row._count._all, 0);
    const count = (routineId: string, status: string) =>
      caseCounts.find((row) => row.routineId === routineId && row.status === status)?._count._all ?? 0;
    return routines.map((routine) => ({
      routineId: routine.id,
      routineName: routine.name,
      activeCases: count(routine.id, "active"),
      proposedCases: count(routine.id, "proposed"),
      suites: suites
        .filter((suite) => suite.routineId === routine.id)
        .map((suite) => {
          const run = suite.runs[0];
          return {
            id: suite.id,
            name: suite.name,
            configurations: readConfigurations(suite.configurations).length,
            latest: run
              ? {
                  evalRunId: run.id,
                  status: run.status,
                  at: run.finishedAt ?? run.createdAt,
                  configurations: parseRunConfigurations(run.configurations).map((config, index) => ({
                    versionNumber: numbers.get(config.versionId) ?? null,
                    mode: config.mode,
                    model: config.model,
                    distractors: config.distractors,
                    contextMode: config.context?.mode ?? config.contextMode,
                    passed: tally(run.id, index, ["passed"]),
                    judged: tally(run.id, index, ["passed", "failed", "error"]),
                  })),
                }
              : null,
          };
        }),
    }));
  });
}

/** A routine as the evaluation pages name it, with the versions a suite may run (newest first). */
export type EvaluationRoutine = {
  id: string;
  name: string;
  publishedVersionId: string | null;
  versions: Array<{ id: string; number: number; status: string }>;
};

/** The routine the evaluation tabs are about, with its versions. Authors, reviewers and admins; NotFoundError. */
export async function getEvaluationRoutine(viewer: Viewer | null, routineId: string): Promise<EvaluationRoutine> {
  requireRole(viewer, ...COMMENTER_ROLES);
  const routine = await withDbErrors(() =>
    prisma.routine.findUnique({
      where: { id: routineId },
      select: {
        id: true,
        name: true,
        publishedVersionId: true,
        versions: { orderBy: { number: "desc" }, select: { id: true, number: true, status: true } },
      },
    }),
  );
  if (!routine) throw new NotFoundError("That routine does not exist.");
  return routine;
}
