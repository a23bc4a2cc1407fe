import { randomUUID } from "node:crypto";
import { routineContentHash } from "../../crypto";
import { prisma } from "../core";
import { readStoredRoutine } from "../routines";
import { demoUserId } from "./review-test-support";
import { makeRoutine } from "./routine-factories";

// Evaluation results written straight into the database, for tests of what reads scores (the publish gate).

/** A routine with v1 published and v2 approved (the candidate), straight in the database. */
export async function twoVersions() {
  const ownerId = await demoUserId("author");
  const routineId = randomUUID();
  const publishedId = randomUUID();
  const candidateId = randomUUID();
  const routine = { ...makeRoutine(), id: routineId };
  await prisma.routine.create({ data: { id: routineId, name: routine.name, ownerId } });
  const version = { routineId, content: JSON.stringify(routine), stepCount: routine.steps.length, authorId: ownerId };
  await prisma.routineVersion.create({ data: { ...version, id: publishedId, number: 1, status: "published" } });
  await prisma.routineVersion.create({
    data: { ...version, id: candidateId, number: 2, status: "approved", basedOnId: publishedId },
  });
  await prisma.routine.update({ where: { id: routineId }, data: { publishedVersionId: publishedId } });
  return { routineId, publishedId, candidateId };
}

/** The content hash a result launched on the version's content as it is now records (the eval driver's). */
async function currentContentHash(versionId: string): Promise<string | null> {
  const version = await prisma.routineVersion.findUnique({ where: { id: versionId }, select: { content: true } });
  return version ? routineContentHash(readStoredRoutine(version.content)) : null;
}

/**
 * One finished run of a suite: `passed` of `cases` cases passed for each version, one configuration per version,
 * each result measured on the version's current content (its content hash), as the eval driver records it.
 */
export async function suiteRun(
  routineId: string,
  name: string,
  scores: Array<{ versionId: string; passed: number; cases: number }>,
  finishedAt = new Date(),
) {
  const suiteId = randomUUID();
  const configurations = JSON.stringify(
    scores.map(({ versionId }) => ({ versionId, model: "gpt-test", mode: "workflow", distractors: 0 })),
  );
  await prisma.evalSuite.create({ data: { id: suiteId, routineId, name, configurations } });
  const evalRunId = randomUUID();
  const cases = Math.max(...scores.map((score) => score.cases));
  const total = scores.reduce((sum, score) => sum + score.cases, 0);
  await prisma.evalRun.create({
    data: {
      id: evalRunId,
      suiteId,
      status: "succeeded",
      configurations,
      total,
      done: total,
      createdAt: finishedAt,
      startedAt: finishedAt,
      finishedAt,
    },
  });
  const caseIds: string[] = [];
  for (let index = 0; index < cases; index++) {
    const caseId = randomUUID();
    caseIds.push(caseId);
    await prisma.testCase.create({ data: { id: caseId, routineId, name: `Case ${index + 1}`, request: "Do it." } });
  }
  for (const [configIndex, score] of scores.entries()) {
    const contentHash = await currentContentHash(score.versionId);
    for (let index = 0; index < score.cases; index++) {
      await prisma.evalResult.create({
        data: {
          id: randomUUID(),
          evalRunId,
          caseId: caseIds[index],
          configIndex,
          versionId: score.versionId,
          status: index < score.passed ? "passed" : "failed",
          contentHash,
          finishedAt,
        },
      });
    }
  }
  return { suiteId, evalRunId };
}
