import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { requireRole, WRITER_ROLES, type Viewer } from "../../access";
import type { TestCaseContent } from "../../evaluations/scoring";
import { MAX_PROPOSED_CASES, proposeCases, type DroppedProposal, type PlannerModel } from "../../planner";
import { recordAudit } from "../audit";
import { NotFoundError, parseInput, prisma, ValidationError, withDbErrors } from "../core";
import { llmClientFor } from "../llm";
import { routineIdSchema } from "../routines";
import {
  CASE_NOT_FOUND,
  caseSelect,
  contentColumns,
  findCase,
  routineCaseContext,
  toCaseRow,
  type TestCaseRow,
} from "./case-records";

const caseIdSchema = z.string().trim().min(1, "Missing the test case.").max(100);
const countSchema = z.coerce
  .number({ error: "Say how many cases to propose." })
  .int("Say how many cases to propose, as a whole number.")
  .min(1, "Propose at least one case.")
  .max(MAX_PROPOSED_CASES, `Propose at most ${MAX_PROPOSED_CASES} cases at a time.`);

/**
 * Stores the case a run recorded (saveRunAsTestCase in lib/evaluations/operations reads the run and builds it): source
 * "run", linked back to the run, audited in the same transaction.
 */
export async function insertCaseFromRun(
  viewer: Viewer,
  input: { routineId: string; runId: string; content: TestCaseContent },
): Promise<TestCaseRow> {
  requireRole(viewer, ...WRITER_ROLES);
  const { routineId, runId, content } = input;
  return withDbErrors(async () => {
    const context = await routineCaseContext(routineId);
    const caseId = randomUUID();
    const created = await prisma.$transaction(async (tx) => {
      const row = await tx.testCase.create({
        data: {
          id: caseId,
          routineId,
          ...contentColumns(content),
          source: "run",
          sourceRunId: runId,
          createdById: viewer.id,
        },
        select: caseSelect,
      });
      await recordAudit(
        {
          action: "test_case.created",
          actor: viewer,
          target: { type: "test_case", id: caseId },
          detail: { routineId, name: content.name, source: "run", runId },
        },
        tx,
      );
      return row;
    });
    return toCaseRow(created, context.toolNames);
  });
}

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

/** Keeps a proposed case: it becomes active and runs in suites. Authors and admins. */
export async function keepProposedCase(viewer: Viewer | null, caseId: string): Promise<TestCaseRow> {
  requireRole(viewer, ...WRITER_ROLES);
  const id = parseInput(caseIdSchema, caseId);
  return withDbErrors(async () => {
    const record = await prisma.$transaction(async (tx) => {
      const found = await findCase(id, tx);
      if (found.status !== "proposed") throw new ValidationError("This case is not a proposal: it is kept already.");
      const kept = await tx.testCase.update({ where: { id }, data: { status: "active" }, select: caseSelect });
      await recordAudit(
        {
          action: "test_case.kept",
          actor: viewer,
          target: { type: "test_case", id },
          detail: { routineId: kept.routineId, name: kept.name },
        },
        tx,
      );
      return kept;
    });
    const context = await routineCaseContext(record.routineId);
    return toCaseRow(record, context.toolNames);
  });
}

/**
 * Drops a proposed case: it leaves the proposals but is kept, marked deleted (as deleteTestCase does). Authors and
 * admins; an active case is deleted with deleteTestCase instead.
 */
export async function dropProposedCase(viewer: Viewer | null, caseId: string): Promise<{ routineId: string }> {
  requireRole(viewer, ...WRITER_ROLES);
  const id = parseInput(caseIdSchema, caseId);
  return withDbErrors(() =>
    prisma.$transaction(async (tx) => {
      const found = await findCase(id, tx);
      if (found.status !== "proposed") throw new ValidationError("This case is not a proposal: delete it instead.");
      const marked = await tx.testCase.updateMany({ where: { id, deletedAt: null }, data: { deletedAt: new Date() } });
      if (marked.count === 0) throw new NotFoundError(CASE_NOT_FOUND);
      await recordAudit(
        {
          action: "test_case.deleted",
          actor: viewer,
          target: { type: "test_case", id },
          detail: { routineId: found.routineId, name: found.name, status: "proposed" },
        },
        tx,
      );
      return { routineId: found.routineId };
    }),
  );
}
