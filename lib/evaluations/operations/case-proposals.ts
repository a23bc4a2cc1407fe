import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { requireRole, WRITER_ROLES, type Viewer } from "../../access";
import { MAX_PROPOSED_CASES, proposeCases, type DroppedProposal, type PlannerModel } from "../../planner";
import { recordAudit } from "../../db/audit";
import { parseInput, prisma, withDbErrors } from "../../db/core";
import { contentColumns, routineCaseContext } from "../../db/evals";
import { llmClientFor } from "../../db/llm";
import { routineIdSchema } from "../../db/routines";

// The planner's proposed cases: a service above lib/db (it asks a model), which stores what the model proposed
// through the evaluation records.

const countSchema = z.coerce
  .number({ error: "Say how many cases to propose." })
  .int("Say how many cases to propose, as a whole number.")
  .min(1, "Propose at least one case.")
  .max(MAX_PROPOSED_CASES, `Propose at most ${MAX_PROPOSED_CASES} cases at a time.`);

export type ProposalOutcome = { created: number; dropped: DroppedProposal[]; model: string };

/**
 * Has the planner model propose `count` cases for the routine's latest version (its paper text, inputs, the
 * definitions of its tools and its branch labels) and stores the valid ones as "proposed" cases from the
 * "planner", waiting for a person to keep or drop each. Proposals that are not valid cases are returned with
 * their reason and not stored. Authors and admins. Throws the model's errors (LlmNotConfiguredError, PlannerError
 * such as not_json for a model that answers prose). `options.llm` replaces the planner role's client (tests).
 */
export async function proposeTestCases(
  viewer: Viewer | null,
  routineId: string,
  count: number,
  options: { llm?: PlannerModel; signal?: AbortSignal } = {},
): Promise<ProposalOutcome> {
  requireRole(viewer, ...WRITER_ROLES);
  const id = parseInput(routineIdSchema, routineId);
  const wanted = parseInput(countSchema, count);
  const context = await withDbErrors(() => routineCaseContext(id));
  const llm =
    options.llm ?? (await llmClientFor("planner", { userId: viewer.id, routineId: id, versionId: context.versionId }));
  const proposal = await proposeCases({
    routine: context.routine,
    tools: context.definitions,
    count: wanted,
    llm,
    signal: options.signal,
    context: { userId: viewer.id, routineId: id, versionId: context.versionId },
  });
  const now = Date.now();
  await withDbErrors(() =>
    prisma.$transaction(async (tx) => {
      await tx.testCase.createMany({
        data: proposal.cases.map((content, index) => ({
          id: randomUUID(),
          routineId: id,
          ...contentColumns(content),
          source: "planner",
          status: "proposed",
          createdById: viewer.id,
          createdAt: new Date(now + index),
        })),
      });
      await recordAudit(
        {
          action: "test_case.proposed",
          actor: viewer,
          target: { type: "routine", id },
          detail: {
            asked: wanted,
            created: proposal.cases.length,
            dropped: proposal.dropped.length,
            model: proposal.model,
          },
        },
        tx,
      );
    }),
  );
  return { created: proposal.cases.length, dropped: proposal.dropped, model: proposal.model };
}
