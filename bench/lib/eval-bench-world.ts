import { openFreshBenchDatabase } from "./bench-database";

export type EvalBenchOptions = {
  /** The SQLite file under data/bench. */
  database: string;
  /** Leave-balance cases to insert for the published routine. */
  cases: number;
  /** Runs the worker executes at once. */
  concurrency: number;
  /** More environment for the app's model clients (a compressor model, say). */
  env?: Record<string, string>;
};

/**
 * What the evaluation benchmarks run a suite in, as the app does: a fresh seeded database, the demo HR server, the
 * fake OpenAI-compatible model (no rules yet), the leave-balance routine published over the demo HR tools with its
 * cases, the run worker and the eval driver (not started). `close` stops them all.
 */
export async function openEvalBenchWorld(options: EvalBenchOptions) {
  await openFreshBenchDatabase(options.database);
  // lib opens the database when first imported, so everything from lib comes after the fresh database.
  const { startFakeOpenAI } = await import("../../scripts/fake-openai/index");
  const { startDemoHrHttpServer } = await import("../../lib/demo/hr-server");
  const { seedDatabase } = await import("../../lib/demo/seed");
  const { prisma } = await import("../../lib/db/core");
  const { loadViewer } = await import("../../lib/db/users");
  const { buildRunWorker } = await import("../../lib/runs/store");
  const { createEvalDriver } = await import("../../lib/evaluations/driver");
  const { sharedToolGateway } = await import("../../lib/tool-gateway");
  const { publishOverDemoHr } = await import("../../lib/runs/store/testing/demo-hr-runs");
  const support = await import("../../lib/evaluations/driver/testing/eval-test-support");

  await seedDatabase({ mode: "demo" });
  const hr = await startDemoHrHttpServer({ port: 0 });
  const fake = await startFakeOpenAI({ port: 0, apiKey: "bench-key", scenario: { rules: [] } });
  Object.assign(process.env, {
    OPENAI_BASE_URL: fake.url,
    OPENAI_API_KEY: "bench-key",
    OPENAI_EXECUTOR_MODEL: "fake-executor",
    ...options.env,
  });
  const author = await prisma.user.findUniqueOrThrow({ where: { email: "author@example.com" } });
  const viewer = (await loadViewer(author.id))!;
  const worker = buildRunWorker({ enabled: true, concurrency: options.concurrency, leaseMs: 60_000, pollMs: 500 });
  const driver = createEvalDriver({ suites: 1, leaseMs: 60_000, pollMs: 200 });
  const close = async () => {
    await driver.stop();
    await worker.stop();
    await sharedToolGateway().close();
    await hr.close();
    await fake.close();
  };
  try {
    const { routineId } = await publishOverDemoHr(hr.url, author.id, support.balanceRoutine());
    const versionId = (await prisma.routine.findUniqueOrThrow({ where: { id: routineId } })).publishedVersionId!;
    await support.insertBalanceCases(routineId, options.cases);
    return { prisma, support, fake, viewer, worker, driver, routineId, versionId, close };
  } catch (error) {
    await close();
    throw error;
  }
}
