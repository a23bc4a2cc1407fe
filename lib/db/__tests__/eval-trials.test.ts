import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EvalWorld, openEvalWorld } from "../../evaluations/driver/testing/eval-world";
import { type FakeOpenAI } from "../../../scripts/fake-openai/index";
import { prisma } from "../core";
import { createSuite } from "../evals";
import { getEvalResult, getEvalRunReport, listEvalResults, startEvalRun } from "../../evaluations/operations";
import { as, demoUserId } from "../testing/review-test-support";
import { publishOverDemoHr } from "../../runs/store/testing/demo-hr-runs";
import { signedIn } from "../../../test/request-context";
import {
  agentTurns,
  balanceRoutine,
  caseRules,
  insertBalanceCases,
  waitForEvalRun,
} from "../../evaluations/driver/testing/eval-test-support";

// Repeated trials and outcomes through the real driver, worker and engine (issue #32): each trial is a run of its
// own, pass^k counts the cases whose every trial passed, each result keeps the tools' outcome beside its verdict, and
// a strict case fails when a tool answered a right call with an error.

let world: EvalWorld;
let fake: FakeOpenAI;

beforeAll(async () => {
  world = await openEvalWorld({ model: true });
  fake = world.fake!;
});
afterAll(() => world.close());

describe("a suite with three trials per case", () => {
  it("runs each trial on its own, scores pass@1 and pass^3, and keeps the outcome beside the verdict", async () => {
    const published = await publishOverDemoHr(world.hr.url, await demoUserId("author"), balanceRoutine());
    const { routineId } = published;
    const versionId = (await prisma.routine.findUniqueOrThrow({ where: { id: routineId } })).publishedVersionId!;
    const first = 700 + Math.floor(Math.random() * 200);
    const [strictCase, plainCase] = await insertBalanceCases(routineId, 2, first);
    // No pinned outputs: the calls reach the demo HR tools live, which know no employee E9…: every call is answered
    // with an error, though it is the call the case expects.
    await prisma.testCase.updateMany({ where: { routineId }, data: { pinnedOutputs: "[]" } });
    await prisma.testCase.update({ where: { id: strictCase }, data: { strict: true } });
    fake.addRules([
      ...[0, 1, 2].flatMap(() => caseRules(first, agentTurns(first, "none"))),
      ...caseRules(first + 1, agentTurns(first + 1, "none")),
      ...caseRules(first + 1, agentTurns(first + 1, "wrong_parameter")),
      ...caseRules(first + 1, agentTurns(first + 1, "none")),
    ] as Parameters<FakeOpenAI["addRules"]>[0]);
    await as("author");
    const { suiteId } = await createSuite(signedIn(), {
      routineId,
      name: `Trials ${randomUUID().slice(0, 6)}`,
      configurations: [{ versionId, model: "", mode: "agent", distractors: 0 }],
      concurrency: 1,
      trials: 3,
    });
    const { evalRunId } = await startEvalRun(signedIn(), { suiteId });
    expect(await waitForEvalRun(evalRunId)).toBe("succeeded");

    const results = await prisma.evalResult.findMany({
      where: { evalRunId },
      orderBy: [{ caseId: "asc" }, { trial: "asc" }],
    });
    expect(results).toHaveLength(6);
    // Each trial ran as a run of its own: six runs, no state shared between the trials of a case.
    expect(new Set(results.map((result) => result.runId)).size).toBe(6);
    const of = (caseId: string) => results.filter((result) => result.caseId === caseId);
    expect(of(strictCase!).map((result) => [result.trial, result.status])).toEqual([
      [0, "failed"],
      [1, "failed"],
      [2, "failed"],
    ]);
    expect(of(plainCase!).map((result) => result.status)).toEqual(["passed", "failed", "passed"]);

    const strictDetail = await getEvalResult(signedIn(), of(strictCase!)[0]!.id);
    expect(strictDetail).toMatchObject({
      strict: true,
      trial: 0,
      trials: 3,
      outcome: { ok: false, runStatus: "succeeded" },
    });
    expect(strictDetail.outcome!.toolErrors.map((error) => error.tool)).toEqual(["get_employee", "get_leave_balance"]);
    expect(strictDetail.verdict?.primary).toMatchObject({
      kind: "outcome",
      subKind: "tool_error",
      tool: "get_employee",
    });
    expect(strictDetail.verdict?.primary?.message).toMatch(
      /^Call 1 \(get_employee\) was answered with an error: .*Unknown employee ID/,
    );
    // The same calls in a case that is not strict pass: the verdict judges the calls, the outcome is shown beside.
    const plainDetail = await getEvalResult(signedIn(), of(plainCase!)[0]!.id);
    expect(plainDetail).toMatchObject({ strict: false, status: "passed", outcome: { ok: false } });

    const report = await getEvalRunReport(signedIn(), evalRunId);
    expect(report.trials).toBe(3);
    expect(report.configurations[0]!.score).toMatchObject({ cases: 6, passed: 2 });
    expect(report.configurations[0]!.score.errors).toMatchObject({ outcome: 3, parameter: 1 });
    expect(report.configurations[0]!.passK).toMatchObject({ cases: 2, trials: 3, casesAllPassed: 0, trialsPassed: 2 });
    expect(report.lifts).toEqual([]);

    const page = await listEvalResults(signedIn(), { evalRunId });
    const row = page.rows.find((one) => one.caseId === plainCase)!;
    expect(row.strict).toBe(false);
    expect(row.cells[0]!.trials.map((trial) => [trial.trial, trial.status, trial.outcome?.toolErrors.length])).toEqual([
      [0, "passed", 2],
      [1, "failed", 2],
      [2, "passed", 2],
    ]);
  }, 120_000);
});
