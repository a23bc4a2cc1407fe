import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoHrHttpServer, startDemoHrHttpServer } from "../../demo/hr-server";
import { seedDatabase } from "../../demo/seed";
import { createEvalDriver } from "../../evaluations/driver";
import { balanceRoutine, insertBalanceCases } from "../../evaluations/driver/testing/eval-test-support";
import { publishOverDemoHr } from "../../runs/store/testing/demo-hr-runs";
import { sharedToolGateway } from "../../tool-gateway";
import { signedIn } from "../../../test/request-context";
import { prisma } from "../core";
import { createSuite, getSuite } from "../evals";
import { startEvalRun } from "../../evaluations/operations";
import { updateRunContextSettings } from "../../runs/operations";
import { as, demoUserId } from "../testing/review-test-support";

// A suite configuration's context mode: kept on the suite, fixed with the admin's other settings when a suite run
// starts, and put into the plan of every case run it launches.

const ADMIN_SETTINGS = { mode: "plan-aware", lookahead: 4, budgetTokens: 7_000, compressTokens: 900 } as const;

let hr: DemoHrHttpServer;

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  hr = await startDemoHrHttpServer({ port: 0 });
  await as("admin");
  await updateRunContextSettings(signedIn(), ADMIN_SETTINGS);
});
afterAll(async () => {
  await sharedToolGateway().close();
  await hr.close();
});

describe("a suite configuration's context mode", () => {
  it("is kept on the suite, fixed when the suite runs, and carried by each case run's plan", async () => {
    const { routineId } = await publishOverDemoHr(hr.url, await demoUserId("author"), balanceRoutine());
    const versionId = (await prisma.routine.findUniqueOrThrow({ where: { id: routineId } })).publishedVersionId!;
    await insertBalanceCases(routineId, 1, 700);
    await as("author");
    const configuration = { versionId, model: "", mode: "workflow" as const, distractors: 0 };
    const { suiteId } = await createSuite(signedIn(), {
      routineId,
      name: "Context modes",
      configurations: [{ ...configuration, contextMode: "full" }, configuration],
      concurrency: 2,
    });
    expect((await getSuite(signedIn(), suiteId)).configurations).toEqual([
      { ...configuration, contextMode: "full" },
      configuration,
    ]);

    const { evalRunId } = await startEvalRun(signedIn(), { suiteId });
    // An admin's change after the start does not reach this suite run.
    await as("admin");
    await updateRunContextSettings(signedIn(), { ...ADMIN_SETTINGS, mode: "compressed" });
    const stored = await prisma.evalRun.findUniqueOrThrow({ where: { id: evalRunId } });
    const expected = [{ ...ADMIN_SETTINGS, mode: "full" }, ADMIN_SETTINGS];
    expect((JSON.parse(stored.configurations) as Array<{ context: unknown }>).map((config) => config.context)).toEqual(
      expected,
    );

    // The driver queues one run per case × configuration (no worker here: they stay queued).
    const driver = createEvalDriver({ suites: 1, leaseMs: 5_000, pollMs: 50 });
    driver.start();
    try {
      await expect
        .poll(() => prisma.evalResult.count({ where: { evalRunId, runId: { not: null } } }), { timeout: 10_000 })
        .toBe(2);
    } finally {
      await driver.stop();
    }
    const results = await prisma.evalResult.findMany({ where: { evalRunId }, orderBy: { configIndex: "asc" } });
    const runs = await Promise.all(
      results.map((result) => prisma.run.findUniqueOrThrow({ where: { id: result.runId! } })),
    );
    expect(runs.map((run) => JSON.parse(run.execution) as unknown)).toEqual(
      expected.map((context) => ({ mode: "workflow", context })),
    );
  });
});
