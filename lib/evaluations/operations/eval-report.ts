import "server-only";
import { z } from "zod";
import { COMMENTER_ROLES, requireRole, type Viewer } from "../../access";
import {
  pairedLift,
  passAtK,
  scoreResults,
  suiteComparisons,
  readStoredVerdict,
  type CaseVerdict,
  type ConfigurationScore,
  type Lift,
  type PassK,
  type ResultStatus,
  type TrialOutcome,
  trialOutcomeOf,
} from "../scoring";
import { DEFAULT_CONTEXT_SETTINGS } from "../../context-modes";
import { readRunConfigurations, type RunConfiguration } from "../driver";
import { NotFoundError, parseInput, prisma, withDbErrors } from "../../db/core";

/** One configuration of a suite run with its score, and the score of the same configuration in the run before. */
export type ConfigurationReport = {
  index: number;
  configuration: RunConfiguration;
  versionNumber: number | null;
  /** Over every judged trial: with one trial per case, the case accuracy; with k, pass@1. */
  score: ConfigurationScore;
  /** pass@1 and pass^k over the cases' trials. */
  passK: PassK;
  previous: ConfigurationScore | null;
};

/** A configuration's lift over the suite's reference configuration, on the cases both judged. */
export type LiftReport = { subject: number; reference: number; lift: Lift | null };

export type EvalRunReport = {
  evalRunId: string;
  suite: { id: string; name: string; routineId: string };
  /** Trials per case and configuration. */
  trials: number;
  configurations: ConfigurationReport[];
  /** Each configuration beside the reference (the first baseline, else the first configuration). */
  lifts: LiftReport[];
  /** The suite's previous finished run this one is compared with. */
  previousRunId: string | null;
};

// A run before context settings were stored ran on the engine's default mode.
const configKey = (config: RunConfiguration) =>
  JSON.stringify([
    config.versionId,
    config.model,
    config.mode,
    config.distractors,
    config.context?.mode ?? DEFAULT_CONTEXT_SETTINGS.mode,
  ]);

type Scored = { score: ConfigurationScore; outcomes: TrialOutcome[] };

/** Scores of a run's results, per configuration index. Only final results count (pending ones are not scored). */
async function scoresOf(evalRunId: string, size: number): Promise<Scored[]> {
  const rows = await prisma.evalResult.findMany({
    where: { evalRunId, status: { in: ["passed", "failed", "error", "skipped"] } },
    select: { configIndex: true, caseId: true, trial: true, status: true, verdict: true },
  });
  const groups = Array.from({ length: size }, () => ({
    results: [] as Array<{ status: ResultStatus; verdict: CaseVerdict | null }>,
    outcomes: [] as TrialOutcome[],
  }));
  for (const row of rows) {
    const group = groups[row.configIndex];
    if (!group) continue;
    group.results.push({ status: row.status as ResultStatus, verdict: readStoredVerdict(row.verdict) });
    group.outcomes.push(trialOutcomeOf(row));
  }
  return groups.map((group) => ({ score: scoreResults(group.results), outcomes: group.outcomes }));
}

/**
 * A suite run's scores per configuration (final results so far: a running suite's figures grow), each beside the
 * same configuration's score in the suite's previous finished run, with pass^k and each configuration's lift over
 * the reference configuration (a paired 95% interval over the cases both judged). Authors, reviewers and admins.
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
        trials: true,
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
    const [scored, versions] = await Promise.all([
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
      before = new Map(previousConfigs.map((config, index) => [configKey(config), previousScores[index]!.score]));
    }
    const numbers = new Map(versions.map((version) => [version.id, version.number]));
    return {
      evalRunId,
      suite: run.suite,
      trials: run.trials,
      previousRunId: previous?.id ?? null,
      configurations: configurations.map((configuration, index) => ({
        index,
        configuration,
        versionNumber: numbers.get(configuration.versionId) ?? null,
        score: scored[index]!.score,
        passK: passAtK(scored[index]!.outcomes),
        previous: before.get(configKey(configuration)) ?? null,
      })),
      lifts: suiteComparisons(configurations).map(({ subject, reference }) => ({
        subject,
        reference,
        lift: pairedLift(scored[subject]!.outcomes, scored[reference]!.outcomes, { seed: evalRunId }),
      })),
    };
  });
}
