import "server-only";
import { type CaseVerdict, type ConfigurationScore, type ResultStatus, scoreResults } from "../../eval";
import { prisma, withDbErrors } from "../core";

// Below both lib/db/evals and lib/db/reviews: the publish gate reads scores without reaching the evaluation
// service, the planner or the run service that the evals aggregate uses.

function readVerdict(text: string | null): CaseVerdict | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as CaseVerdict;
  } catch {
    return null;
  }
}

/** One suite's latest score of each version asked for (the publish gate reads these). */
export type SuiteVersionScores = {
  suiteId: string;
  suiteName: string;
  byVersion: Record<string, { evalRunId: string; finishedAt: Date; score: ConfigurationScore } | undefined>;
};

/**
 * For each suite of a routine, per version: the latest finished (succeeded) run of the suite that covered the
 * version, scored over all of that version's results in it. Internal, no viewer: the reviews DAL authorizes.
 */
export async function suiteScoresForVersions(routineId: string, versionIds: string[]): Promise<SuiteVersionScores[]> {
  const suites = await withDbErrors(() =>
    prisma.evalSuite.findMany({
      where: { routineId },
      orderBy: { createdAt: "asc" },
      select: { id: true, name: true },
    }),
  );
  return Promise.all(
    suites.map(async (suite) => {
      const byVersion: SuiteVersionScores["byVersion"] = {};
      for (const versionId of new Set(versionIds)) {
        const run = await prisma.evalRun.findFirst({
          where: { suiteId: suite.id, status: "succeeded", results: { some: { versionId } } },
          orderBy: [{ finishedAt: "desc" }, { createdAt: "desc" }],
          select: { id: true, finishedAt: true, createdAt: true },
        });
        if (!run) continue;
        const results = await prisma.evalResult.findMany({
          where: { evalRunId: run.id, versionId },
          select: { status: true, verdict: true },
        });
        byVersion[versionId] = {
          evalRunId: run.id,
          finishedAt: run.finishedAt ?? run.createdAt,
          score: scoreResults(
            results.map((result) => ({
              status: result.status as ResultStatus,
              verdict: readVerdict(result.verdict),
            })),
          ),
        };
      }
      return { suiteId: suite.id, suiteName: suite.name, byVersion };
    }),
  );
}
