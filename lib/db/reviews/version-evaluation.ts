import "server-only";
import { z } from "zod";
import { requireUser, type Viewer } from "../../access";
import { publishGate, type PublishGate } from "../../review-rules";
import { NotFoundError, parseInput, prisma, withDbErrors } from "../core";
import { suiteScoresForVersions } from "../eval-scores";
import { publishGateRuleInEffect } from "./publish-gate-rule";

/** What the review screen shows about a version's evaluation: its suites beside the published version's. */
export type VersionEvaluation = {
  routineId: string;
  version: { id: string; number: number };
  /** The routine's published version, or null when nothing is published. */
  published: { id: string; number: number } | null;
  gate: PublishGate;
};

const versionEvaluationInput = z.object({
  versionId: z.string({ message: "Missing version." }).min(1, "Missing version.").max(100),
});

/**
 * The publish gate of a version: per evaluation suite, its latest accuracy beside the published version's, and
 * whether it is blocked (lower on some suite). Any signed-in user, as the review page itself; NotFoundError for
 * an unknown version.
 */
export async function getVersionEvaluation(
  viewer: Viewer | null,
  input: { versionId: string },
): Promise<VersionEvaluation> {
  requireUser(viewer);
  const { versionId } = parseInput(versionEvaluationInput, input);
  return withDbErrors(async () => {
    const version = await prisma.routineVersion.findUnique({
      where: { id: versionId },
      select: { id: true, number: true, routineId: true, routine: { select: { publishedVersionId: true } } },
    });
    if (!version) throw new NotFoundError("That version no longer exists.");
    const publishedId = version.routine.publishedVersionId;
    const published = publishedId
      ? await prisma.routineVersion.findUnique({ where: { id: publishedId }, select: { id: true, number: true } })
      : null;
    return {
      routineId: version.routineId,
      version: { id: version.id, number: version.number },
      published,
      gate: await readPublishGate(version.routineId, version.id, published?.id ?? null),
    };
  });
}

/**
 * The gate between a candidate and the published version, from each one's latest suite results. No authorization:
 * callers authorize. Read outside the publishing transaction (the scores are read through the shared client);
 * the publication then checks that the published version is still the one compared with.
 */
export async function readPublishGate(
  routineId: string,
  candidateId: string,
  publishedId: string | null,
): Promise<PublishGate> {
  const versionIds = publishedId && publishedId !== candidateId ? [candidateId, publishedId] : [candidateId];
  const [scores, rule] = await Promise.all([suiteScoresForVersions(routineId, versionIds), publishGateRuleInEffect()]);
  return publishGate(candidateId, publishedId, scores, rule);
}
