import "server-only";
import {
  readStoredVerdict,
  type ConfigurationScore,
  type ResultStatus,
  scoreResults,
  type TrialOutcome,
  trialOutcomeOf,
} from "../../evaluations/scoring";
import { routineContentHash } from "../../crypto";
import { prisma, withDbErrors } from "../core";
import type { Prisma } from "../generated/prisma/client";
import { readStoredRoutine } from "../routines";

// Below both lib/db/evals and lib/db/reviews: the publish gate reads scores without reaching the evaluation
// service, the planner or the run service that the evals aggregate uses.

/** One suite's latest score of each version asked for (the publish gate reads these). */
export type SuiteVersionScores = {
  suiteId: string;
  suiteName: string;
  /** Set when someone deleted the suite: its scores still count (issue #29), the gate shows it as deleted. */
  deletedAt: Date | null;
  byVersion: Record<
    string,
    { evalRunId: string; finishedAt: Date; score: ConfigurationScore; outcomes: TrialOutcome[] } | undefined
  >;
};

/** Which results of a version count as its score: those of its current content (see resultsOfContent). */
type VersionContent = { id: string; hash: string | null; frozenAt: Date | null };

const FROZEN_STATUSES = new Set(["approved", "published"]);

/**
 * The versions asked for, each with the content hash of what it holds now and, for an approved or published version
 * (whose content can no longer change), when it was approved. A version whose content cannot be read has no hash:
 * no result counts for it.
 */
async function versionContents(versionIds: string[]): Promise<VersionContent[]> {
  const rows = await prisma.routineVersion.findMany({
    where: { id: { in: versionIds } },
    select: { id: true, content: true, status: true, approvedAt: true },
  });
  return rows.map((row) => {
    let hash: string | null;
    try {
      hash = routineContentHash(readStoredRoutine(row.content));
    } catch {
      hash = null;
    }
    return { id: row.id, hash, frozenAt: FROZEN_STATUSES.has(row.status) ? row.approvedAt : null };
  });
}

/**
 * The results that are this version's score: those launched on the content it holds now (their content hash is the
 * version's). A score measured on a draft's earlier content is not that version's score. Results from before the
 * hash was recorded (null) count only for an approved or published version, and only when they were started after
 * its approval: only drafts are edited, so from then on the version's content was the content the results measured.
 */
function resultsOfContent(version: VersionContent & { hash: string }): Prisma.EvalResultWhereInput {
  const current: Prisma.EvalResultWhereInput = { versionId: version.id, contentHash: version.hash };
  if (!version.frozenAt) return current;
  return {
    OR: [current, { versionId: version.id, contentHash: null, createdAt: { gte: version.frozenAt } }],
  };
}

/**
 * For each suite of a routine (deleted ones included: deleting a suite does not take its scores out of the gate),
 * per version: the latest finished (succeeded) run of the suite that covered the version's current content, scored
 * over that content's results in it. Internal, no viewer: the reviews DAL authorizes.
 */
export async function suiteScoresForVersions(routineId: string, versionIds: string[]): Promise<SuiteVersionScores[]> {
  const [suites, versions] = await withDbErrors(() =>
    Promise.all([
      prisma.evalSuite.findMany({
        where: { routineId },
        orderBy: { createdAt: "asc" },
        select: { id: true, name: true, deletedAt: true },
      }),
      versionContents([...new Set(versionIds)]),
    ]),
  );
  return withDbErrors(() =>
    Promise.all(
      suites.map(async (suite) => {
        const byVersion: SuiteVersionScores["byVersion"] = {};
        for (const version of versions) {
          if (version.hash === null) continue;
          const counted = resultsOfContent({ ...version, hash: version.hash });
          const run = await prisma.evalRun.findFirst({
            where: { suiteId: suite.id, status: "succeeded", results: { some: counted } },
            orderBy: [{ finishedAt: "desc" }, { createdAt: "desc" }],
            select: { id: true, finishedAt: true, createdAt: true },
          });
          if (!run) continue;
          const results = await prisma.evalResult.findMany({
            where: { AND: [{ evalRunId: run.id }, counted] },
            select: { status: true, verdict: true, caseId: true, trial: true },
          });
          byVersion[version.id] = {
            evalRunId: run.id,
            finishedAt: run.finishedAt ?? run.createdAt,
            score: scoreResults(
              results.map((result) => ({
                status: result.status as ResultStatus,
                verdict: readStoredVerdict(result.verdict),
              })),
            ),
            // Per case, so the interval rule pairs the two versions on the cases both ran (an errored run counts
            // as not passed, a skipped one not at all, as in the score).
            outcomes: results.map(trialOutcomeOf),
          };
        }
        // A deleted suite still counts; its name says it is deleted, wherever the gate is shown or quoted.
        const suiteName = suite.deletedAt ? `${suite.name} (deleted)` : suite.name;
        return { suiteId: suite.id, suiteName, deletedAt: suite.deletedAt, byVersion };
      }),
    ),
  );
}
