import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { requireRole, WRITER_ROLES, type Viewer } from "../../access";
import type { TestCaseContent } from "../../evaluations/scoring";
import { recordAudit } from "../audit";
import { NotFoundError, parseInput, prisma, ValidationError, withDbErrors } from "../core";
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
