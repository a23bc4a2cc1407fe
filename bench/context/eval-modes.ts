// npm run bench:context:eval — one evaluation suite (issue #9's harness) run in the three context modes side by side:
// 30 cases of the leave-balance routine in agent mode, through the real eval driver, run worker and engine, the demo
// HR server and the fake OpenAI-compatible model. The fake answers by rules on what each turn shows it (the newest
// tool result), so a context that hid what a turn must read would change its answer. A third of the cases are
// scripted to go wrong (a wrong parameter, a missing call), so accuracy is not 1 by construction. Progress on
// stderr; the last line of stdout is one JSON object { cases, modes: [{ contextMode, accuracy, passed, failed,
// errors, inputTokensPerCase }] }.
import { openEvalBenchWorld } from "../lib/eval-bench-world";

const CASES = Number(process.env.BENCH_CONTEXT_EVAL_CASES ?? 30);
const MODES = ["full", "plan-aware", "compressed"] as const;
const log = (message: string) => process.stderr.write(`[bench:context:eval] ${message}\n`);

async function main() {
  const world = await openEvalBenchWorld({
    database: "routine-studio-context-eval.db",
    cases: CASES,
    concurrency: 8,
    env: { OPENAI_COMPRESSOR_MODEL: "fake-compressor" },
  });
  const { prisma, support, fake, viewer, worker, driver, routineId, versionId } = world;
  const { createSuite } = await import("../../lib/db/evals");
  const { startEvalRun } = await import("../../lib/evaluations/operations");
  try {
    const flaws = ["none", "none", "wrong_parameter", "none", "none", "missing_call"] as const;
    // Each rule answers a turn by what its newest message shows, for every configuration alike (no `times`).
    fake.addRules(
      Array.from({ length: CASES }, (_, at) => {
        const index = at + 1;
        const employee_id = support.caseEmployee(index);
        const marker = support.caseMarker(index);
        const flaw = flaws[at % flaws.length];
        const call = (name: string, args: Record<string, unknown>) => ({
          reply: { toolCalls: [{ name, arguments: args }] },
        });
        return [
          {
            match: { anyMessageIncludes: marker, lastRole: "user" as const },
            ...call("get_employee", { employee_id }),
          },
          {
            match: { anyMessageIncludes: marker, lastRole: "tool" as const, lastMessageIncludes: '"status":"active"' },
            ...(flaw === "missing_call"
              ? { reply: { content: `${employee_id}: no balance was read.` } }
              : call("get_leave_balance", {
                  employee_id,
                  leave_type: "annual",
                  // A year the case does not accept: the routine leaves it open, so the engine sends it as given.
                  ...(flaw === "wrong_parameter" ? { year: 2024 } : {}),
                })),
          },
          {
            match: { anyMessageIncludes: marker, lastRole: "tool" as const, lastMessageIncludes: '"annual":12' },
            reply: { content: `${employee_id} has the days the balance shows left.` },
          },
        ];
      }).flat(),
    );
    const { suiteId } = await createSuite(viewer, {
      routineId,
      name: "Context modes",
      concurrency: 8,
      configurations: MODES.map((contextMode) => ({
        versionId,
        model: "",
        mode: "agent" as const,
        distractors: 0,
        contextMode,
      })),
    });
    worker.start();
    driver.start();
    log(`Running ${CASES} cases × ${MODES.length} context modes`);
    const { evalRunId } = await startEvalRun(viewer, { suiteId });
    const status = await support.waitForEvalRun(evalRunId, 600_000);
    if (status !== "succeeded") throw new Error(`The suite run ended ${status}.`);
    const rows = await prisma.evalResult.findMany({
      where: { evalRunId },
      select: { configIndex: true, status: true, inputTokens: true },
    });
    const modes = MODES.map((contextMode, configIndex) => {
      const mine = rows.filter((row) => row.configIndex === configIndex);
      const count = (status: string) => mine.filter((row) => row.status === status).length;
      return {
        contextMode,
        accuracy: Math.round((count("passed") / mine.length) * 1000) / 1000,
        passed: count("passed"),
        failed: count("failed"),
        errors: count("error"),
        inputTokensPerCase: Math.round(mine.reduce((sum, row) => sum + row.inputTokens, 0) / mine.length),
      };
    });
    console.log(JSON.stringify({ cases: CASES, modes }));
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
