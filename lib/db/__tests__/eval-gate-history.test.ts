import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EvalWorld, openEvalWorld } from "../../evaluations/driver/testing/eval-world";
import { type DemoHrHttpServer } from "../../demo/hr-server";
import { balanceRoutine, insertBalanceCases, waitForEvalRun } from "../../evaluations/driver/testing/eval-test-support";
import type { Routine } from "../../routine";
import { publishOverDemoHr } from "../../runs/store/testing/demo-hr-runs";
import { signedIn } from "../../../test/request-context";
import { NotFoundError, prisma } from "../core";
import { suiteScoresForVersions } from "../eval-scores";
import {
  createSuite,
  deleteSuite,
  deleteTestCase,
  getSuite,
  listEvaluationOverview,
  listSuites,
  listTestCases,
} from "../evals";
import { startEvalRun } from "../../evaluations/operations";
import { getVersionEvaluation, startNewDraft } from "../reviews";
import { saveRoutineDraft } from "../routines";
import { suiteRun, twoVersions } from "../testing/eval-score-rows";
import { as, demoUserId } from "../testing/review-test-support";

// What the publish gate compares cannot be walked around (issue #29): deleting a suite or a case keeps their scores
// in the gate, and a score measured on a draft's earlier content is not that version's score. Suites run through the
// real eval driver, run worker and engine (workflow mode: every argument bound, so no model is needed).

let world: EvalWorld;
let hr: DemoHrHttpServer;

beforeAll(async () => {
  world = await openEvalWorld({ suites: 1 });
  ({ hr } = world);
});
afterAll(() => world.close());

let nextCase = 500;

/** The balance routine published as version 1 with two cases, and version 2 started as the author's draft. */
async function publishedWithDraft() {
  const { routineId } = await publishOverDemoHr(hr.url, await demoUserId("author"), balanceRoutine());
  const v1 = (await prisma.routine.findUniqueOrThrow({ where: { id: routineId } })).publishedVersionId!;
  const caseIds = await insertBalanceCases(routineId, 2, (nextCase += 10));
  await as("author");
  await startNewDraft(signedIn(), { routineId });
  const v2 = (await prisma.routineVersion.findFirstOrThrow({ where: { routineId, number: 2 } })).id;
  return { routineId, v1, v2, caseIds };
}

/** The balance routine reading the wrong leave type: every case of it fails. */
function wrongLeaveType(): Routine {
  const routine = balanceRoutine();
  for (const step of routine.steps)
    if (step.kind === "tool" && step.inputs.leave_type) step.inputs.leave_type = { from: "literal", value: "sick" };
  return routine;
}

/** The author saves `routine` over the working draft (as the designer's autosave does). */
async function saveDraft(routineId: string, routine: Routine) {
  await as("author");
  const { revision } = await prisma.routineVersion.findFirstOrThrow({ where: { routineId, number: 2 } });
  await saveRoutineDraft(signedIn(), { routineId, baseRevision: revision, routine: { ...routine, id: routineId } });
}

/** As the author: runs the suite to its end (a new suite of both versions when none is given). */
async function runSuite(routineId: string, versions: string[], suiteId?: string) {
  await as("author");
  const id =
    suiteId ??
    (
      await createSuite(signedIn(), {
        routineId,
        name: `Gate ${randomUUID().slice(0, 6)}`,
        configurations: versions.map((versionId) => ({ versionId, model: "", mode: "workflow", distractors: 0 })),
      })
    ).suiteId;
  const { evalRunId } = await startEvalRun(signedIn(), { suiteId: id });
  expect(await waitForEvalRun(evalRunId, 30_000)).toBe("succeeded");
  return { suiteId: id, evalRunId };
}

/** The gate as the review screen shows it to a reviewer: each suite's candidate and published accuracy. */
async function gateOf(candidateId: string) {
  await as("reviewer");
  const { gate } = await getVersionEvaluation(signedIn(), { versionId: candidateId });
  return {
    blocked: gate.blocked,
    rows: gate.rows.map((row) => [row.candidate?.accuracy ?? null, row.published?.accuracy ?? null]),
    names: gate.rows.map((row) => row.suiteName),
  };
}

describe("deleting a suite or a case", () => {
  it("takes them out of the lists but not out of the publish gate, and audits who deleted what", async () => {
    const { routineId, v1, v2, caseIds } = await publishedWithDraft();
    await saveDraft(routineId, wrongLeaveType());
    const { suiteId, evalRunId } = await runSuite(routineId, [v1, v2]);
    const name = (await getSuite(signedIn(), suiteId)).name;
    expect(await gateOf(v2)).toEqual({ blocked: true, rows: [[0, 1]], names: [name] });

    await as("author");
    await deleteTestCase(signedIn(), caseIds[0]!);
    await deleteSuite(signedIn(), suiteId);

    // The author got nothing past the gate: same suite (marked deleted), same scores.
    expect(await gateOf(v2)).toEqual({ blocked: true, rows: [[0, 1]], names: [`${name} (deleted)`] });
    expect(await prisma.evalResult.count({ where: { evalRunId } })).toBe(4);
    // Gone from the lists, from new suite runs, and from the case and suite pages.
    await as("author");
    expect(await listSuites(signedIn(), routineId)).toEqual([]);
    expect((await listTestCases(signedIn(), routineId)).map((row) => row.id)).toEqual([caseIds[1]]);
    await expect(getSuite(signedIn(), suiteId)).rejects.toThrow(NotFoundError);
    await expect(startEvalRun(signedIn(), { suiteId })).rejects.toThrow(NotFoundError);
    await expect(deleteSuite(signedIn(), suiteId)).rejects.toThrow(NotFoundError);
    await expect(deleteTestCase(signedIn(), caseIds[0]!)).rejects.toThrow(NotFoundError);
    const overview = (await listEvaluationOverview(signedIn())).find((row) => row.routineId === routineId);
    expect(overview).toMatchObject({ activeCases: 1, suites: [] });

    const audit = await prisma.auditLog.findMany({
      where: { targetId: { in: [suiteId, caseIds[0]!] }, action: { in: ["eval_suite.deleted", "test_case.deleted"] } },
    });
    expect(audit.map((entry) => [entry.action, entry.actorEmail]).sort()).toEqual([
      ["eval_suite.deleted", "author@example.com"],
      ["test_case.deleted", "author@example.com"],
    ]);
    const suiteEntry = JSON.parse(audit.find((entry) => entry.action === "eval_suite.deleted")!.detail!);
    expect(suiteEntry).toMatchObject({ routineId, runs: 1, configurations: [{ versionId: v1 }, { versionId: v2 }] });
  }, 60_000);
});

describe("a score measured on a draft's earlier content", () => {
  it("is not the version's score once the draft changed; a run on the new content is", async () => {
    const { routineId, v1, v2 } = await publishedWithDraft();
    // Version 2 as first drafted (the same as version 1) scores 100%...
    const { suiteId } = await runSuite(routineId, [v1, v2]);
    expect(await gateOf(v2)).toMatchObject({ blocked: false, rows: [[1, 1]] });
    const stored = await prisma.evalResult.findMany({ where: { versionId: v2 }, select: { contentHash: true } });
    expect(new Set(stored.map((result) => result.contentHash)).size).toBe(1);
    expect(stored[0]!.contentHash).toMatch(/^sha256:[0-9a-f]{64}$/);

    // ...then the author changes its content: that 100% no longer stands for version 2.
    await saveDraft(routineId, wrongLeaveType());
    expect((await suiteScoresForVersions(routineId, [v2]))[0]!.byVersion[v2]).toBeUndefined();
    expect(await gateOf(v2)).toMatchObject({ blocked: false, rows: [[null, 1]] });

    // Run again on what it holds now, and the gate sees the real score.
    await runSuite(routineId, [v1, v2], suiteId);
    expect(await gateOf(v2)).toMatchObject({ blocked: true, rows: [[0, 1]] });
  }, 60_000);

  it("counts results stored before hashes only for an approved version, and only those started after approval", async () => {
    const { routineId, publishedId, candidateId } = await twoVersions();
    const approvedAt = new Date(Date.now() - 60 * 60_000);
    await prisma.routineVersion.updateMany({ where: { routineId }, data: { approvedAt } });
    await suiteRun(routineId, "Legacy", [
      { versionId: candidateId, passed: 1, cases: 2 },
      { versionId: publishedId, passed: 2, cases: 2 },
    ]);
    await prisma.evalResult.updateMany({
      where: { versionId: { in: [candidateId, publishedId] } },
      data: { contentHash: null },
    });
    expect(await gateOf(candidateId)).toMatchObject({ blocked: true, rows: [[0.5, 1]] });

    // The candidate's results were started before its approval: its content then may not be its content now.
    await prisma.evalResult.updateMany({
      where: { versionId: candidateId },
      data: { createdAt: new Date(approvedAt.getTime() - 60_000) },
    });
    expect(await gateOf(candidateId)).toMatchObject({ blocked: false, rows: [[null, 1]] });
    // A draft's results from before hashes never count, whenever they were started.
    await prisma.routineVersion.update({ where: { id: publishedId }, data: { status: "draft" } });
    expect((await suiteScoresForVersions(routineId, [publishedId]))[0]!.byVersion[publishedId]).toBeUndefined();
  });
});
