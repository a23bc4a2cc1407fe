import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EvalWorld, openEvalWorld } from "../../evaluations/driver/testing/eval-world";
import { type FakeOpenAI } from "../../../scripts/fake-openai/index";
import { type DemoHrHttpServer } from "../../demo/hr-server";
import { ConflictError, NotFoundError, prisma, ValidationError } from "../core";
import {
  createSuite,
  deleteSuite,
  listEvaluationOverview,
  listSuites,
  suiteScoresForVersions,
  updateSuite,
} from "../evals";
import {
  cancelEvalRun,
  getEvalResult,
  getEvalRunProgress,
  getEvalRunReport,
  listEvalResults,
  startEvalRun,
} from "../../evaluations/operations";
import { listRuns } from "../../runs/operations";
import { createEvalDriver } from "../../evaluations/driver";
import { as, demoUserId } from "../testing/review-test-support";
import { publishOverDemoHr } from "../../runs/store/testing/demo-hr-runs";
import { publishedRoutine } from "../../runs/store/testing/run-test-support";
import { signedIn } from "../../../test/request-context";
import {
  agentTurns,
  balanceRoutine,
  caseMarker,
  caseRules,
  insertBalanceCases,
  waitForEvalRun,
} from "../../evaluations/driver/testing/eval-test-support";

// Suites through the DAL: who may do what, what starting writes, and suites executed by the real driver, worker and
// engine (workflow mode needs no model: the routine binds every argument; agent mode uses the fake model).

let world: EvalWorld;
let hr: DemoHrHttpServer;
let fake: FakeOpenAI;
let routineId: string;
let versionId: string;
let caseNumber = 100;

/** A fresh published balance routine with `count` cases (numbered apart from other tests' cases). */
async function routineWithCases(count: number) {
  const published = await publishOverDemoHr(hr.url, await demoUserId("author"), balanceRoutine());
  const version = (await prisma.routine.findUniqueOrThrow({ where: { id: published.routineId } })).publishedVersionId!;
  const first = caseNumber;
  caseNumber += count;
  const caseIds = await insertBalanceCases(published.routineId, count, first);
  return { routineId: published.routineId, versionId: version, caseIds, first };
}

const suiteOf = (rid: string, vid: string, modes: Array<"workflow" | "agent">, concurrency = 4) => ({
  routineId: rid,
  name: `Suite ${randomUUID().slice(0, 6)}`,
  configurations: modes.map((mode) => ({ versionId: vid, model: "", mode, distractors: 0 })),
  concurrency,
});

beforeAll(async () => {
  world = await openEvalWorld({ model: true });
  ({ hr } = world);
  fake = world.fake!;
  ({ routineId, versionId } = await routineWithCases(3));
});
afterAll(() => world.close());

describe("suites: who may do what", () => {
  it("lets authors create, edit and delete suites, reviewers read and start them, and refuses operators", async () => {
    await as("operator");
    await expect(createSuite(signedIn(), suiteOf(routineId, versionId, ["workflow"]))).rejects.toThrow(/author|admin/i);
    await expect(listSuites(signedIn(), routineId)).rejects.toThrow();
    await as("reviewer");
    await expect(createSuite(signedIn(), suiteOf(routineId, versionId, ["workflow"]))).rejects.toThrow();

    await as("author");
    const { suiteId } = await createSuite(signedIn(), suiteOf(routineId, versionId, ["workflow", "agent"]));
    await updateSuite(signedIn(), {
      suiteId,
      name: "Renamed",
      configurations: suiteOf(routineId, versionId, ["workflow"]).configurations,
      concurrency: 2,
    });
    await as("reviewer");
    const suites = await listSuites(signedIn(), routineId);
    expect(suites.find((suite) => suite.id === suiteId)).toMatchObject({
      name: "Renamed",
      concurrency: 2,
      configurations: [{ versionId, mode: "workflow", model: "", distractors: 0 }],
    });
    expect(await prisma.auditLog.count({ where: { targetId: suiteId } })).toBe(2);
    await as("author");
    await deleteSuite(signedIn(), suiteId);
    await expect(deleteSuite(signedIn(), suiteId)).rejects.toThrow(NotFoundError);
  });

  it("refuses a configuration naming a version of another routine, and bad concurrency", async () => {
    const other = await publishedRoutine({ ownerId: await demoUserId("author") });
    await as("author");
    await expect(createSuite(signedIn(), suiteOf(routineId, other.versionId, ["workflow"]))).rejects.toThrow(
      ValidationError,
    );
    await expect(
      createSuite(signedIn(), { ...suiteOf(routineId, versionId, ["workflow"]), concurrency: 99 }),
    ).rejects.toThrow(ValidationError);
    await expect(createSuite(signedIn(), { ...suiteOf(routineId, versionId, []) })).rejects.toThrow(ValidationError);
    // The same configuration twice would compare it with itself.
    const twice = suiteOf(routineId, versionId, ["agent", "agent"]);
    await expect(createSuite(signedIn(), twice)).rejects.toMatchObject({
      fieldErrors: { configurations: [expect.stringMatching(/^Configurations 1 and 2 are the same/)] },
    });
    // Trials per case: 1 to 8, the error beside the field, nothing saved.
    const before = await prisma.evalSuite.count({ where: { routineId } });
    for (const trials of [0, 9, 2.5])
      await expect(
        createSuite(signedIn(), { ...suiteOf(routineId, versionId, ["workflow"]), trials }),
      ).rejects.toMatchObject({ fieldErrors: { trials: [expect.stringMatching(/1 to 8|at least once|at most 8/)] } });
    expect(await prisma.evalSuite.count({ where: { routineId } })).toBe(before);
  });
});

describe("running a suite", () => {
  it("runs every case under two modes, skips a case naming a tool that is gone, and scores each configuration", async () => {
    const { routineId: rid, versionId: vid, first } = await routineWithCases(4);
    fake.addRules(
      [0, 1, 2, 3].flatMap((offset) =>
        caseRules(first + offset, agentTurns(first + offset, offset === 3 ? "wrong_parameter" : "none")),
      ) as Parameters<FakeOpenAI["addRules"]>[0],
    );
    await prisma.testCase.create({
      data: {
        id: randomUUID(),
        routineId: rid,
        name: "Zz uses a vanished tool",
        request: "Fire someone",
        expectedCalls: JSON.stringify([{ tool: "fire_employee", arguments: {} }]),
      },
    });
    await as("author");
    const { suiteId } = await createSuite(signedIn(), suiteOf(rid, vid, ["workflow", "agent"]));
    await as("reviewer");
    const { evalRunId } = await startEvalRun(signedIn(), { suiteId });
    const started = await getEvalRunProgress(signedIn(), evalRunId);
    expect(started).toMatchObject({ total: 10, done: 2 });
    expect(started.counts.skipped).toBe(2);
    await expect(startEvalRun(signedIn(), { suiteId })).rejects.toThrow(ConflictError);

    expect(await waitForEvalRun(evalRunId)).toBe("succeeded");
    const progress = await getEvalRunProgress(signedIn(), evalRunId);
    expect(progress).toMatchObject({ status: "succeeded", total: 10, done: 10 });
    const report = await getEvalRunReport(signedIn(), evalRunId);
    expect(
      report.configurations.map((config) => [config.configuration.mode, config.score.passed, config.score.cases]),
    ).toEqual([
      ["workflow", 4, 4],
      ["agent", 3, 4],
    ]);
    expect(report.configurations[1]!.score.errors.parameter).toBe(1);
    const skipped = await prisma.evalResult.findFirstOrThrow({ where: { evalRunId, status: "skipped" } });
    expect(skipped.error).toMatch(/fire_employee/);

    const failed = await prisma.evalResult.findFirstOrThrow({ where: { evalRunId, status: "failed" } });
    const detail = await getEvalResult(signedIn(), failed.id);
    expect(detail.verdict?.primary).toMatchObject({
      kind: "parameter",
      subKind: "wrong_value",
      parameter: "year",
    });
    expect(detail.actualCalls.map((call) => call.tool)).toEqual(["get_employee", "get_leave_balance"]);
    expect(detail.runId).toBeTruthy();

    // The second run is compared with the first; the gate reads the latest finished run per version.
    const second = await startEvalRun(signedIn(), { suiteId });
    fake.addRules(
      [0, 1, 2, 3].flatMap((offset) => caseRules(first + offset, agentTurns(first + offset, "none"))) as Parameters<
        FakeOpenAI["addRules"]
      >[0],
    );
    expect(await waitForEvalRun(second.evalRunId)).toBe("succeeded");
    const again = await getEvalRunReport(signedIn(), second.evalRunId);
    expect(again.previousRunId).toBe(evalRunId);
    expect(again.configurations[1]).toMatchObject({ score: { passed: 4 }, previous: { passed: 3 } });
    const gate = await suiteScoresForVersions(rid, [vid, "unknown"]);
    expect(gate).toEqual([
      expect.objectContaining({
        suiteId,
        byVersion: { [vid]: expect.objectContaining({ evalRunId: second.evalRunId }) },
      }),
    ]);
    expect(gate[0]!.byVersion[vid]!.score).toMatchObject({ cases: 8, passed: 8, skipped: 2 });

    const overview = await listEvaluationOverview(signedIn());
    expect(overview.find((row) => row.routineId === rid)).toMatchObject({
      activeCases: 5,
      // Figures per configuration, never one blended over both.
      suites: [
        {
          id: suiteId,
          latest: {
            evalRunId: second.evalRunId,
            configurations: [
              { mode: "workflow", versionNumber: 1, passed: 4, judged: 4 },
              { mode: "agent", versionNumber: 1, passed: 4, judged: 4 },
            ],
          },
        },
      ],
    });
  }, 60_000);

  it("marks the cases of a model that fails as errors and still finishes the suite", async () => {
    const { routineId: rid, versionId: vid, first } = await routineWithCases(2);
    fake.addRules(
      [0, 1].map((offset) => ({
        match: { anyMessageIncludes: caseMarker(first + offset) },
        fault: { kind: "http", status: 400, message: "model not found" },
      })) as Parameters<FakeOpenAI["addRules"]>[0],
    );
    await as("author");
    const { suiteId } = await createSuite(signedIn(), suiteOf(rid, vid, ["agent"]));
    const { evalRunId } = await startEvalRun(signedIn(), { suiteId });
    expect(await waitForEvalRun(evalRunId)).toBe("succeeded");
    const results = await prisma.evalResult.findMany({ where: { evalRunId } });
    expect(results.map((result) => result.status)).toEqual(["error", "error"]);
    expect(results[0]!.error).toMatch(/model/i);
    const report = await getEvalRunReport(signedIn(), evalRunId);
    expect(report.configurations[0]!.score).toMatchObject({ cases: 2, passed: 0, errored: 2 });
  }, 30_000);

  it("cancels: the runs in flight are cancelled, the rest skipped, and the suite ends cancelled", async () => {
    const { routineId: rid, versionId: vid, first } = await routineWithCases(6);
    const gate = `hold-${randomUUID()}`;
    fake.addRules(
      [0, 1, 2, 3, 4, 5].map((offset) => ({
        match: { anyMessageIncludes: caseMarker(first + offset) },
        hold: gate,
        reply: { content: "Done." },
      })) as Parameters<FakeOpenAI["addRules"]>[0],
    );
    await as("author");
    const { suiteId } = await createSuite(signedIn(), suiteOf(rid, vid, ["agent"], 2));
    const { evalRunId } = await startEvalRun(signedIn(), { suiteId });
    for (let tries = 0; fake.waitingAt(gate) < 2; tries++) {
      if (tries > 400) throw new Error("the runs never reached the model");
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await cancelEvalRun(signedIn(), { evalRunId });
    expect(await waitForEvalRun(evalRunId)).toBe("cancelled");
    const results = await prisma.evalResult.findMany({ where: { evalRunId }, select: { status: true, runId: true } });
    expect(results.every((result) => result.status === "skipped")).toBe(true);
    const runIds = results.flatMap((result) => (result.runId ? [result.runId] : []));
    expect(runIds).toHaveLength(2);
    const runs = await prisma.run.findMany({ where: { id: { in: runIds } }, select: { status: true } });
    expect(runs.map((run) => run.status)).toEqual(["cancelled", "cancelled"]);
    expect(await getEvalRunProgress(signedIn(), evalRunId)).toMatchObject({ done: 6, total: 6 });
    await expect(cancelEvalRun(signedIn(), { evalRunId })).rejects.toThrow(ConflictError);
    fake.openGate(gate);
  }, 30_000);
  it("resumes a suite run another driver left in flight, without running any case twice", async () => {
    const { routineId: rid, versionId: vid, first } = await routineWithCases(4);
    const gate = `resume-${randomUUID()}`;
    fake.addRules(
      [0, 1, 2, 3].flatMap((offset) =>
        caseRules(first + offset, agentTurns(first + offset, "none")).map((rule, index) =>
          index === 0 ? { ...rule, hold: gate } : rule,
        ),
      ) as Parameters<FakeOpenAI["addRules"]>[0],
    );
    await as("author");
    const { suiteId } = await createSuite(signedIn(), suiteOf(rid, vid, ["agent"], 2));
    const { evalRunId } = await startEvalRun(signedIn(), { suiteId });
    for (let tries = 0; fake.waitingAt(gate) < 2; tries++) {
      if (tries > 400) throw new Error("the runs never reached the model");
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    // The process's driver stops (a restart): its suite run stays running, its lease given back.
    await world.driver.stop();
    expect(await prisma.evalRun.findUniqueOrThrow({ where: { id: evalRunId } })).toMatchObject({
      status: "running",
      leaseOwner: null,
    });
    fake.openGate(gate);
    world.driver = createEvalDriver({ suites: 2, leaseMs: 5_000, pollMs: 50 });
    world.driver.start();
    expect(await waitForEvalRun(evalRunId)).toBe("succeeded");
    const results = await prisma.evalResult.findMany({ where: { evalRunId } });
    expect(results.map((result) => result.status)).toEqual(["passed", "passed", "passed", "passed"]);
    expect(await prisma.run.count({ where: { routineId: rid, source: "eval" } })).toBe(4);
  }, 30_000);

  it("stays usable with 1,000 cases: progress and a page of results read at once, and cancel stops it", async () => {
    const { routineId: rid, versionId: vid } = await routineWithCases(1000);
    const gate = `large-${randomUUID()}`;
    // Every case's first model call waits, so the suite is still running while the test reads it.
    fake.addRules([{ match: { model: "fake-large" }, hold: gate, reply: { content: "Done." } }] as Parameters<
      FakeOpenAI["addRules"]
    >[0]);
    await as("author");
    const { suiteId } = await createSuite(signedIn(), {
      ...suiteOf(rid, vid, ["agent"], 3),
      configurations: [{ versionId: vid, model: "fake-large", mode: "agent", distractors: 0 }],
    });
    const { evalRunId } = await startEvalRun(signedIn(), { suiteId });
    for (let tries = 0; fake.waitingAt(gate) < 3; tries++) {
      if (tries > 400) throw new Error("the runs never reached the model");
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(await getEvalRunProgress(signedIn(), evalRunId)).toMatchObject({ status: "running", total: 1000 });
    const page = await listEvalResults(signedIn(), { evalRunId, page: 2, pageSize: 50 });
    expect(page.total).toBe(1000);
    expect(page.rows).toHaveLength(50);
    // Only as many runs as the suite's concurrency exist while it waits: the other 997 cases are not queued yet.
    expect(await prisma.run.count({ where: { routineId: rid, source: "eval" } })).toBe(3);

    await cancelEvalRun(signedIn(), { evalRunId });
    expect(await waitForEvalRun(evalRunId)).toBe("cancelled");
    expect(await getEvalRunProgress(signedIn(), evalRunId)).toMatchObject({ done: 1000, total: 1000 });
    expect(await prisma.evalResult.count({ where: { evalRunId, status: "skipped" } })).toBe(1000);
    fake.openGate(gate);
  }, 60_000);

  it("keeps a suite's runs out of the Runs list unless asked for", async () => {
    const { routineId: rid, versionId: vid } = await routineWithCases(2);
    await as("author");
    const { suiteId } = await createSuite(signedIn(), suiteOf(rid, vid, ["workflow"]));
    const { evalRunId } = await startEvalRun(signedIn(), { suiteId });
    expect(await waitForEvalRun(evalRunId)).toBe("succeeded");
    await as("admin");
    expect(await listRuns(signedIn(), { routineId: rid })).toEqual([]);
    const withEvaluations = await listRuns(signedIn(), { routineId: rid, evaluations: true });
    expect(withEvaluations.map((run) => run.source)).toEqual(["eval", "eval"]);
  }, 30_000);
});
