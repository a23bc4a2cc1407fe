import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EvalWorld, openEvalWorld } from "../../evaluations/driver/testing/eval-world";
import { type FakeOpenAI } from "../../../scripts/fake-openai/index";
import { prisma } from "../core";
import { createSuite } from "../evals";
import { getEvalRunReport, listEvalResults, startEvalRun } from "../../evaluations/operations";
import { as, demoUserId } from "../testing/review-test-support";
import { publishOverDemoHr } from "../../runs/store/testing/demo-hr-runs";
import { signedIn } from "../../../test/request-context";
import {
  agentTurns,
  balanceRoutine,
  caseRules,
  insertBalanceCases,
  waitForEvalRun,
  type CaseFlaw,
} from "../../evaluations/driver/testing/eval-test-support";

// The harness: scripted executors with known error rates produce exactly those figures. The real run worker
// and engine execute each case in agent mode against the fake OpenAI-compatible server over HTTP (scripted per case
// by the marker in its request) and the demo HR MCP server; the eval driver queues, judges and scores them.

let world: EvalWorld;
let fake: FakeOpenAI;
let routineId: string;
let versionId: string;

beforeAll(async () => {
  world = await openEvalWorld({ model: true, suites: 1 });
  fake = world.fake!;
  ({ routineId } = await publishOverDemoHr(world.hr.url, await demoUserId("author"), balanceRoutine()));
  versionId = (await prisma.routine.findUniqueOrThrow({ where: { id: routineId } })).publishedVersionId!;
});
afterAll(() => world.close());

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
    expect(score.errors).toEqual({ structural: 1, tool_selection: 3, parameter: 2, outcome: 0 });
    expect(score.subKinds).toMatchObject({ wrong_tool: 3, wrong_value: 2, missing_call: 1 });
    // Every case ran as its own agent-mode run of the suite, started by the person who started the suite.
    const runs = await prisma.run.findMany({ where: { source: "eval", routineId } });
    expect(runs).toHaveLength(20);
    expect(runs.every((run) => JSON.parse(run.execution).mode === "agent")).toBe(true);
    expect(new Set(runs.map((run) => run.startedById))).toEqual(new Set([await demoUserId("author")]));

    const failed = await listEvalResults(signedIn(), { evalRunId, failedOnly: true });
    expect(failed.total).toBe(6);
    expect(failed.rows.map((row) => row.cells[0]!.trials[0]!.status)).toEqual(new Array(6).fill("failed"));
  }, 120_000);
});
