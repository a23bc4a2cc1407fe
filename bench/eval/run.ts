// npm run bench:eval — the evaluation harness benchmark: a suite of 200 cases × 2 modes (workflow and agent with the
// routine) against the fake OpenAI-compatible model with zero latency, executed as a suite is in the app (the eval
// driver queues ordinary runs, the run worker executes them with the real engine and SQLite store, the demo HR
// server describes the tools, pinned outputs answer the calls), then the checker alone. Then, untimed, the lift of the
// routine over a scripted executor with known error rates (lift-suite.ts): the routine in agent mode against the
// baseline over the same cases, right with probability 0.9 and 0.5, so a true lift of 40 points, and the 95% interval
// pairedLift gives over the stored results (decision 0043). Progress on stderr; the last line of stdout is one JSON
// object { cases, configurations, casesPerSecond, checkerCallsPerSecond, wallMs, liftCases, liftPoints, liftLow,
// liftHigh, liftMethod, liftPValue, trueLiftPoints, withRoutinePassRate, withoutRoutinePassRate, scriptedPassRates,
// liftWallMs }. BENCH_EVAL_LIFT=0 leaves the lift out.
import { openEvalBenchWorld } from "../lib/eval-bench-world";
import { measureLift } from "./lift-suite";
import { performance } from "node:perf_hooks";
import { round } from "../lib/stats";

const CASES = Number(process.env.BENCH_EVAL_CASES ?? 200);
const CONCURRENCY = Number(process.env.BENCH_EVAL_CONCURRENCY ?? 16);
const CHECKER_ROUNDS = Number(process.env.BENCH_EVAL_CHECKER_ROUNDS ?? 50);
const LIFT = process.env.BENCH_EVAL_LIFT !== "0";

const log = (message: string) => process.stderr.write(`[bench:eval] ${message}\n`);

async function main() {
  log("Seeding a fresh database, starting the demo HR server and the fake model");
  const world = await openEvalBenchWorld({
    database: "routine-studio-eval.db",
    cases: CASES,
    concurrency: CONCURRENCY,
  });
  const { prisma, support, fake, viewer, worker, driver, routineId, versionId } = world;
  const { createSuite } = await import("../../lib/db/evals");
  const { startEvalRun } = await import("../../lib/evaluations/operations");
  const { checkCase } = await import("../../lib/evaluations/scoring");
  try {
    fake.addRules(
      Array.from({ length: CASES }, (_, index) =>
        support.caseRules(index + 1, support.agentTurns(index + 1, "none")),
      ).flat() as Parameters<typeof fake.addRules>[0],
    );
    const { suiteId } = await createSuite(viewer, {
      routineId,
      name: "Bench",
      concurrency: CONCURRENCY,
      configurations: [
        { versionId, model: "", mode: "workflow", distractors: 0 },
        { versionId, model: "", mode: "agent", distractors: 0 },
      ],
    });
    worker.start();
    driver.start();
    log(`Running ${CASES} cases × 2 modes, ${CONCURRENCY} at once`);
    const started = performance.now();
    const { evalRunId } = await startEvalRun(viewer, { suiteId });
    const status = await support.waitForEvalRun(evalRunId, 600_000);
    const wallMs = performance.now() - started;
    const counts = await prisma.evalResult.groupBy({ by: ["status"], where: { evalRunId }, _count: { _all: true } });
    log(
      `Suite ${status} in ${round(wallMs)} ms: ${counts.map((row) => `${row._count._all} ${row.status}`).join(", ")}`,
    );
    if (status !== "succeeded") throw new Error(`The suite run ended ${status}.`);

    // The checker alone, over the stored results' expected and actual calls.
    const rows = await prisma.evalResult.findMany({
      where: { evalRunId },
      select: { actualCalls: true, testCase: { select: { expectedCalls: true } } },
    });
    const pairs = rows.map((row) => ({
      expectedCalls: JSON.parse(row.testCase.expectedCalls),
      actualCalls: JSON.parse(row.actualCalls ?? "[]"),
    }));
    let calls = 0;
    const checkStarted = performance.now();
    for (let roundIndex = 0; roundIndex < CHECKER_ROUNDS; roundIndex++)
      for (const pair of pairs) calls += checkCase(pair).calls.length;
    const checkMs = performance.now() - checkStarted;
    log(`Checker: ${calls} calls in ${round(checkMs)} ms`);

    // After the timed suite, so the throughput above is the same measurement as before.
    const lift = LIFT ? await measureLift(world, { cases: CASES, concurrency: CONCURRENCY }, log) : {};

    const results = CASES * 2;
    console.log(
      JSON.stringify({
        cases: CASES,
        configurations: 2,
        casesPerSecond: round(results / (wallMs / 1000), 1),
        checkerCallsPerSecond: round(calls / (checkMs / 1000)),
        wallMs: round(wallMs),
        ...lift,
      }),
    );
  } finally {
    await world.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    log(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
