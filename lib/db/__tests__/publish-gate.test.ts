import { randomUUID } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ConflictError, prisma, ValidationError } from "../core";
import { getVersionEvaluation, publishVersion } from "../reviews";
import { seedDatabase } from "../../demo/seed";
import { suiteRun, twoVersions } from "../testing/eval-score-rows";
import { as, contentHashOf, lifecycleState } from "../testing/review-test-support";
import { signedIn } from "../../../test/request-context";

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
});
beforeEach(() => as("reviewer"));

const auditOf = async (routineId: string) =>
  (await prisma.auditLog.findMany({ where: { targetId: routineId }, orderBy: [{ at: "asc" }, { id: "asc" }] })).map(
    (entry) => ({ action: entry.action, detail: JSON.parse(entry.detail ?? "{}") as Record<string, unknown> }),
  );

const REASON = "The new step fixes a data leak the suite does not test yet.";

describe("the publish gate", () => {
  it("refuses a version that scores lower without an override, naming the suite and both scores, and writes nothing", async () => {
    const { routineId, publishedId, candidateId } = await twoVersions();
    await suiteRun(routineId, "Leave requests", [
      { versionId: candidateId, passed: 3, cases: 5 },
      { versionId: publishedId, passed: 4, cases: 5 },
    ]);
    const before = await lifecycleState();
    const error = await publishVersion(signedIn(), {
      versionId: candidateId,
      contentHash: await contentHashOf(candidateId),
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as Error).message).toBe(
      "Version 2 scores lower than the published version 1 on “Leave requests” (60.0% vs 80.0%). " +
        "Publishing it anyway needs an override with a reason.",
    );
    expect(await lifecycleState()).toEqual(before);
  });

  it("refuses a reason shorter than 10 characters, and writes nothing", async () => {
    const { routineId, publishedId, candidateId } = await twoVersions();
    await suiteRun(routineId, "Smoke", [
      { versionId: candidateId, passed: 1, cases: 2 },
      { versionId: publishedId, passed: 2, cases: 2 },
    ]);
    const before = await lifecycleState();
    await expect(
      publishVersion(signedIn(), {
        versionId: candidateId,
        contentHash: await contentHashOf(candidateId),
        override: { reason: "  because " },
      }),
    ).rejects.toBeInstanceOf(ValidationError);
    expect(await lifecycleState()).toEqual(before);
  });

  it("publishes with a reason and audits the override with the reason and the scores", async () => {
    const { routineId, publishedId, candidateId } = await twoVersions();
    const higher = await suiteRun(routineId, "Happy path", [
      { versionId: candidateId, passed: 5, cases: 5 },
      { versionId: publishedId, passed: 4, cases: 5 },
    ]);
    const lower = await suiteRun(routineId, "Leave requests", [
      { versionId: candidateId, passed: 3, cases: 5 },
      { versionId: publishedId, passed: 4, cases: 5 },
    ]);

    const evaluation = await getVersionEvaluation(signedIn(), { versionId: candidateId });
    expect(evaluation).toMatchObject({
      routineId,
      version: { id: candidateId, number: 2 },
      published: { id: publishedId, number: 1 },
      gate: { blocked: true },
    });
    expect(
      Object.fromEntries(
        evaluation.gate.rows.map((row) => [
          row.suiteName,
          [row.candidate?.accuracy, row.published?.accuracy, row.lower],
        ]),
      ),
    ).toEqual({ "Happy path": [1, 0.8, false], "Leave requests": [0.6, 0.8, true] });
    expect(evaluation.gate.rows.find((row) => row.suiteId === higher.suiteId)?.candidate?.evalRunId).toBe(
      higher.evalRunId,
    );

    await expect(
      publishVersion(signedIn(), {
        versionId: candidateId,
        contentHash: await contentHashOf(candidateId),
        override: { reason: `  ${REASON}  ` },
      }),
    ).resolves.toEqual({ versionId: candidateId, number: 2, previousNumber: 1, rollback: false });
    const routine = await prisma.routine.findUniqueOrThrow({ where: { id: routineId } });
    expect(routine.publishedVersionId).toBe(candidateId);

    // Both entries are written in the publish transaction, often in the same millisecond: compare them as a set.
    const audit = await auditOf(routineId);
    expect(audit.map((entry) => entry.action).sort()).toEqual(["routine.publish_overridden", "routine.published"]);
    expect(audit.find((entry) => entry.action === "routine.publish_overridden")?.detail).toEqual({
      version: 2,
      versionId: candidateId,
      published: 1,
      publishedVersionId: publishedId,
      reason: REASON,
      suites: [
        {
          suiteId: lower.suiteId,
          suiteName: "Leave requests",
          candidate: { accuracy: 0.6, cases: 5, evalRunId: lower.evalRunId },
          published: { accuracy: 0.8, cases: 5, evalRunId: lower.evalRunId },
        },
      ],
    });
    const entry = await prisma.auditLog.findFirstOrThrow({
      where: { targetId: routineId, action: "routine.publish_overridden" },
    });
    expect(entry.actorEmail).toBe("reviewer@example.com");
  });

  it("compares each version's latest result: a newer run where the candidate caught up lifts the gate", async () => {
    const { routineId, publishedId, candidateId } = await twoVersions();
    const suite = await suiteRun(
      routineId,
      "Smoke",
      [
        { versionId: candidateId, passed: 1, cases: 4 },
        { versionId: publishedId, passed: 4, cases: 4 },
      ],
      new Date(Date.now() - 60_000),
    );
    expect((await getVersionEvaluation(signedIn(), { versionId: candidateId })).gate.blocked).toBe(true);
    // A second run of the same suite, later, where the candidate scores as well as the published version.
    const rerun = randomUUID();
    const now = new Date();
    await prisma.evalRun.create({
      data: {
        id: rerun,
        suiteId: suite.suiteId,
        status: "succeeded",
        configurations: JSON.stringify([
          { versionId: candidateId, model: "gpt-test", mode: "workflow", distractors: 0 },
        ]),
        total: 1,
        done: 1,
        createdAt: now,
        startedAt: now,
        finishedAt: now,
      },
    });
    const caseId = (await prisma.testCase.findFirstOrThrow({ where: { routineId } })).id;
    await prisma.evalResult.create({
      data: {
        id: randomUUID(),
        evalRunId: rerun,
        caseId,
        configIndex: 0,
        versionId: candidateId,
        status: "passed",
        // Measured on the candidate's content as it is (the gate counts only such results).
        contentHash: await contentHashOf(candidateId),
        finishedAt: now,
      },
    });
    expect((await getVersionEvaluation(signedIn(), { versionId: candidateId })).gate.blocked).toBe(false);
  });

  it("needs no override when the candidate scores equal or higher, and audits none", async () => {
    const { routineId, publishedId, candidateId } = await twoVersions();
    await suiteRun(routineId, "Equal", [
      { versionId: candidateId, passed: 8, cases: 10 },
      { versionId: publishedId, passed: 4, cases: 5 },
    ]);
    await suiteRun(routineId, "Higher", [
      { versionId: candidateId, passed: 5, cases: 5 },
      { versionId: publishedId, passed: 1, cases: 5 },
    ]);
    expect((await getVersionEvaluation(signedIn(), { versionId: candidateId })).gate.blocked).toBe(false);
    await expect(
      publishVersion(signedIn(), { versionId: candidateId, contentHash: await contentHashOf(candidateId) }),
    ).resolves.toMatchObject({ number: 2 });
    expect((await auditOf(routineId)).map((entry) => entry.action)).toEqual(["routine.published"]);
  });

  it("is not blocked without scores, nor when only one of the versions has a result on a suite", async () => {
    const none = await twoVersions();
    expect(await getVersionEvaluation(signedIn(), { versionId: none.candidateId })).toMatchObject({
      gate: { blocked: false, rows: [] },
    });
    await expect(
      publishVersion(signedIn(), { versionId: none.candidateId, contentHash: await contentHashOf(none.candidateId) }),
    ).resolves.toMatchObject({ number: 2 });

    const oneSided = await twoVersions();
    await suiteRun(oneSided.routineId, "Only the candidate", [
      { versionId: oneSided.candidateId, passed: 0, cases: 3 },
    ]);
    const evaluation = await getVersionEvaluation(signedIn(), { versionId: oneSided.candidateId });
    expect(evaluation.gate).toMatchObject({ blocked: false, rows: [{ published: null, lower: false }] });
    await expect(
      publishVersion(signedIn(), {
        versionId: oneSided.candidateId,
        contentHash: await contentHashOf(oneSided.candidateId),
      }),
    ).resolves.toMatchObject({ number: 2 });
  });
});
