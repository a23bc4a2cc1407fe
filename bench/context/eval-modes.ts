// npm run bench:context:eval — one evaluation suite (issue #9's harness) run in the three context modes side by side:
// 30 cases of the leave-balance routine in agent mode, through the real eval driver, run worker and engine, the demo
// HR server and the fake OpenAI-compatible model. The fake answers by rules on what each turn shows it (the newest
// tool result), so a context that hid what a turn must read would change its answer. A third of the cases are
// scripted to go wrong (a wrong parameter, a missing call), so accuracy is not 1 by construction. Progress on
// stderr; the last line of stdout is one JSON object { cases, modes: [{ contextMode, accuracy, passed, failed,
// errors, inputTokensPerCase }] }.
import { openFreshBenchDatabase } from "../lib/bench-database";

const CASES = Number(process.env.BENCH_CONTEXT_EVAL_CASES ?? 30);
const MODES = ["full", "plan-aware", "compressed"] as const;
const log = (message: string) => process.stderr.write(`[bench:context:eval] ${message}\n`);

async function main() {
  await openFreshBenchDatabase("routine-studio-context-eval.db");
  const { startFakeOpenAI } = await import("../../scripts/fake-openai/index");
  const { startDemoHrHttpServer } = await import("../../lib/demo/hr-server");
  const { seedDatabase } = await import("../../lib/demo/seed");
  const { prisma } = await import("../../lib/db/core");
  const { loadViewer } = await import("../../lib/db/users");
  const { createSuite, startEvalRun } = await import("../../lib/db/evals");
  const { buildRunWorker } = await import("../../lib/run-service");
  const { createEvalDriver } = await import("../../lib/eval-service");
  const { sharedToolGateway } = await import("../../lib/tool-gateway");
  const { publishOverDemoHr } = await import("../../lib/run-service/testing/demo-hr-runs");
  const support = await import("../../lib/eval-service/testing/eval-test-support");

  await seedDatabase({ mode: "demo" });
  const hr = await startDemoHrHttpServer({ port: 0 });
  const fake = await startFakeOpenAI({ port: 0, apiKey: "bench-key", scenario: { rules: [] } });
  Object.assign(process.env, {
    OPENAI_BASE_URL: fake.url,
    OPENAI_API_KEY: "bench-key",
    OPENAI_EXECUTOR_MODEL: "fake-executor",
    OPENAI_COMPRESSOR_MODEL: "fake-compressor",
  });
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
        { match: { anyMessageIncludes: marker, lastRole: "user" as const }, ...call("get_employee", { employee_id }) },
        {
          match: { anyMessageIncludes: marker, lastRole: "tool" as const, lastMessageIncludes: '"status":"active"' },
          ...(flaw === "missing_call"
            ? { reply: { content: `${employee_id}: no balance was read.` } }
            : call("get_leave_balance", { employee_id, leave_type: flaw === "wrong_parameter" ? "sick" : "annual" })),
        },
        {
          match: { anyMessageIncludes: marker, lastRole: "tool" as const, lastMessageIncludes: '"annual":12' },
          reply: { content: `${employee_id} has the days the balance shows left.` },
        },
      ];
    }).flat(),
  );
  const author = await prisma.user.findUniqueOrThrow({ where: { email: "author@example.com" } });
  const viewer = (await loadViewer(author.id))!;
  const worker = buildRunWorker({ enabled: true, concurrency: 8, leaseMs: 60_000, pollMs: 500 });
  const driver = createEvalDriver({ suites: 1, leaseMs: 60_000, pollMs: 200 });
  try {
    const { routineId } = await publishOverDemoHr(hr.url, author.id, support.balanceRoutine());
    const versionId = (await prisma.routine.findUniqueOrThrow({ where: { id: routineId } })).publishedVersionId!;
    await support.insertBalanceCases(routineId, CASES);
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
    await driver.stop();
    await worker.stop();
    await sharedToolGateway().close();
    await hr.close();
    await fake.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    log(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
