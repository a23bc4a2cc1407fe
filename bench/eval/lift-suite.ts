import { performance } from "node:perf_hooks";
import type { openEvalBenchWorld } from "../lib/eval-bench-world";
import { round } from "../lib/stats";

/** How often each configuration of the lift suite is scripted to be right, per case. */
export const KNOWN_RATES = { withRoutine: 0.9, withoutRoutine: 0.5 } as const;
const MODELS = { withRoutine: "bench-with-routine", withoutRoutine: "bench-without-routine" } as const;
const SEED = "bench:eval/lift";

type World = Awaited<ReturnType<typeof openEvalBenchWorld>>;

/**
 * The lift of the routine measured as the app measures it, over a scripted executor whose error rates are known: a
 * second suite over the same cases, the routine in agent mode against the baseline (no routine, every catalog tool),
 * each configuration on a model name of its own so the fake model's rules can tell them apart. Per case, a seeded draw
 * decides whether each configuration's script is right (probability 0.9 with the routine, 0.5 without) or passes a
 * wrong year (the checker's parameter error); the draws are independent, so the true lift is 40 points. The lift and
 * its interval come from pairedLift over the results the suite stored.
 */
export async function measureLift(
  world: World,
  { cases, concurrency }: { cases: number; concurrency: number },
  log: (message: string) => void,
) {
  const { prisma, support, fake, viewer, routineId, versionId } = world;
  const { createSuite } = await import("../../lib/db/evals");
  const { startEvalRun } = await import("../../lib/evaluations/operations");
  const { hashSeed, mulberry32, pairedLift, passAtK, trialOutcomeOf } = await import("../../lib/evaluations/scoring");

  const random = mulberry32(hashSeed(SEED));
  let scriptedRight = { withRoutine: 0, withoutRoutine: 0 };
  const rules = Array.from({ length: cases }, (_, offset) => {
    const index = offset + 1;
    return (["withRoutine", "withoutRoutine"] as const).flatMap((side) => {
      const right = random() < KNOWN_RATES[side];
      if (right) scriptedRight = { ...scriptedRight, [side]: scriptedRight[side] + 1 };
      return support.caseRules(index, support.agentTurns(index, right ? "none" : "wrong_parameter")).map((rule) => ({
        ...rule,
        id: `${rule.id}-${side}`,
        match: { ...rule.match, model: MODELS[side] },
      }));
    });
  }).flat();
  fake.addRules(rules as Parameters<typeof fake.addRules>[0]);

  const { suiteId } = await createSuite(viewer, {
    routineId,
    name: "Bench lift",
    concurrency,
    configurations: [
      { versionId, model: MODELS.withRoutine, mode: "agent", distractors: 0 },
      { versionId, model: MODELS.withoutRoutine, mode: "baseline", distractors: 0 },
    ],
  });
  log(
    `Lift: ${cases} cases, the routine in agent mode (right ${KNOWN_RATES.withRoutine}) against the baseline (${KNOWN_RATES.withoutRoutine})`,
  );
  const started = performance.now();
  const { evalRunId } = await startEvalRun(viewer, { suiteId });
  const status = await support.waitForEvalRun(evalRunId, 600_000);
  const wallMs = performance.now() - started;
  if (status !== "succeeded") throw new Error(`The lift suite run ended ${status}.`);

  const rows = await prisma.evalResult.findMany({
    where: { evalRunId },
    select: { caseId: true, configIndex: true, trial: true, status: true },
  });
  // As the app scores them: an errored run counts as not passed, a skipped one is not judged.
  const outcomes = (configIndex: number) => rows.filter((row) => row.configIndex === configIndex).map(trialOutcomeOf);
  const withRoutine = outcomes(0);
  const withoutRoutine = outcomes(1);
  const lift = pairedLift(withRoutine, withoutRoutine, { seed: evalRunId });
  if (!lift) throw new Error("The lift suite judged no case under both configurations.");
  const rate = (side: typeof withRoutine) => round(passAtK(side).passAt1, 3);
  log(`Lift: ${lift.summary} (McNemar exact p = ${lift.pValue}) in ${round(wallMs)} ms`);
  return {
    liftCases: lift.pairedCases,
    liftPoints: round(lift.difference * 100, 1),
    liftLow: round(lift.low * 100, 1),
    liftHigh: round(lift.high * 100, 1),
    liftMethod: lift.method,
    liftPValue: lift.pValue,
    trueLiftPoints: round((KNOWN_RATES.withRoutine - KNOWN_RATES.withoutRoutine) * 100, 1),
    withRoutinePassRate: rate(withRoutine),
    withoutRoutinePassRate: rate(withoutRoutine),
    // What the seeded script asked for, to set beside what the checker found (they agree when the harness is right).
    scriptedPassRates: [round(scriptedRight.withRoutine / cases, 3), round(scriptedRight.withoutRoutine / cases, 3)],
    liftWallMs: round(wallMs),
  };
}
