import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type FakeOpenAI, startFakeOpenAI } from "../../../scripts/fake-openai/index";
import { type DemoHrHttpServer, startDemoHrHttpServer } from "../../demo/hr-server";
import { seedDatabase } from "../../demo/seed";
import { sharedToolGateway } from "../../tool-gateway";
import { prisma } from "../core";
import { createSuite, getEvalRunReport, listEvalResults, startEvalRun } from "../evals";
import { buildRunWorker, type RunWorker } from "../../run-service";
import { as, demoUserId } from "../testing/review-test-support";
import { publishOverDemoHr } from "../../run-service/testing/demo-hr-runs";
import { signedIn } from "../../../test/request-context";
import { createEvalDriver, type EvalDriver } from "../../eval-service";
import {
  agentTurns,
  balanceRoutine,
  caseRules,
  insertBalanceCases,
  waitForEvalRun,
  type CaseFlaw,
} from "../../eval-service/testing/eval-test-support";

// The harness: scripted executors with known error rates produce exactly those figures. The real run worker
// and engine execute each case in agent mode against the fake OpenAI-compatible server over HTTP (scripted per case
// by the marker in its request) and the demo HR MCP server; the eval driver queues, judges and scores them.

let hr: DemoHrHttpServer;
let fake: FakeOpenAI;
let worker: RunWorker;
let driver: EvalDriver;
let routineId: string;
let versionId: string;

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  hr = await startDemoHrHttpServer({ port: 0 });
  fake = await startFakeOpenAI({ port: 0, apiKey: "test-key", scenario: { rules: [] } });
  vi.stubEnv("OPENAI_BASE_URL", fake.url);
  vi.stubEnv("OPENAI_API_KEY", "test-key");
  vi.stubEnv("OPENAI_EXECUTOR_MODEL", "fake-executor");
  ({ routineId } = await publishOverDemoHr(hr.url, await demoUserId("author"), balanceRoutine()));
  versionId = (await prisma.routine.findUniqueOrThrow({ where: { id: routineId } })).publishedVersionId!;
  worker = buildRunWorker({ enabled: true, concurrency: 4, leaseMs: 5_000, pollMs: 200 });
  worker.start();
  driver = createEvalDriver({ suites: 1, leaseMs: 5_000, pollMs: 50 });
  driver.start();
});
afterAll(async () => {
  await driver.stop();
  await worker.stop();
  await sharedToolGateway().close();
  await hr.close();
  await fake.close();
  vi.unstubAllEnvs();
});

describe("an evaluation suite over scripted executors with known error rates", () => {
  it("scores 20 agent-mode cases with 3 wrong tools, 2 wrong parameters and 1 missing call as exactly 14/20", async () => {
    await insertBalanceCases(routineId, 20);
    const flaws: CaseFlaw[] = Array.from({ length: 20 }, (_, index) =>
      index < 3 ? "wrong_tool" : index < 5 ? "wrong_parameter" : index < 6 ? "missing_call" : "none",
    );
    fake.addRules(
      flaws.flatMap((flaw, index) => caseRules(index + 1, agentTurns(index + 1, flaw))) as Parameters<
        FakeOpenAI["addRules"]
      >[0],
    );
    await as("author");
    const { suiteId } = await createSuite(signedIn(), {
      routineId,
      name: "Agent with routine",
      configurations: [{ versionId, model: "", mode: "agent", distractors: 0 }],
      concurrency: 4,
    });
    const { evalRunId } = await startEvalRun(signedIn(), { suiteId });
    expect(await waitForEvalRun(evalRunId, 90_000)).toBe("succeeded");

    const report = await getEvalRunReport(signedIn(), evalRunId);
    expect(report.configurations).toHaveLength(1);
    const { score } = report.configurations[0]!;
    expect(score).toMatchObject({ cases: 20, passed: 14, accuracy: 14 / 20, errored: 0, skipped: 0 });
    expect(score.errors).toEqual({ structural: 1, tool_selection: 3, parameter: 2 });
    expect(score.subKinds).toMatchObject({ wrong_tool: 3, wrong_value: 2, missing_call: 1 });
    // Every case ran as its own agent-mode run of the suite, started by the person who started the suite.
    const runs = await prisma.run.findMany({ where: { source: "eval", routineId } });
    expect(runs).toHaveLength(20);
    expect(runs.every((run) => JSON.parse(run.execution).mode === "agent")).toBe(true);
    expect(new Set(runs.map((run) => run.startedById))).toEqual(new Set([await demoUserId("author")]));

    const failed = await listEvalResults(signedIn(), { evalRunId, failedOnly: true });
    expect(failed.total).toBe(6);
    expect(failed.rows.map((row) => row.cells[0]!.status)).toEqual(new Array(6).fill("failed"));
  }, 120_000);
});
