import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { requireRole, WRITER_ROLES, type Viewer } from "../../access";
import {
  callGroupBranchProblems,
  casesToJsonl,
  parseCasesJsonl,
  testCaseContentSchema,
  type JsonlError,
  type TestCaseContent,
  type TestCaseContentInput,
} from "../../evaluations/scoring";
import type { Routine } from "../../routine";
import { recordAudit } from "../audit";
import { NotFoundError, parseInput, prisma, ValidationError, withDbErrors } from "../core";
import { routineIdSchema } from "../routines";
import {
  CASE_NOT_FOUND,
  CASE_READ_ROLES,
  caseSelect,
  contentColumns,
  findCase,
  routineCaseContext,
  toCaseRow,
  type CaseStatus,
  type CaseTool,
  type TestCaseRow,
} from "./case-records";

const caseIdSchema = z.string().trim().min(1, "Missing the test case.").max(100);

/**
 * Refuses a case the routine cannot run as written: an order-free group whose calls' tools run on different arms of
 * one branch (ValidationError on the expected calls, nothing saved).
 */
function refuseGroupsAcrossBranches(content: TestCaseContent, routine: Routine): void {
  const problems = callGroupBranchProblems(content.expectedCalls, routine);
  if (problems.length > 0) throw new ValidationError("Some fields need attention.", { expectedCalls: problems });
}

/** The Cases tab: the routine, the tools its cases may call, its active cases and the planner's proposals. */
export type TestCaseTable = {
  routineId: string;
  routineName: string;
  archived: boolean;
  tools: CaseTool[];
  cases: TestCaseRow[];
  proposed: TestCaseRow[];
};

/**
 * A routine's test cases (oldest first), each flagged with the tools it names that the routine's latest version or
 * the catalog no longer has. Authors, reviewers and admins. `status` picks active cases (the default, what suites
 * run) or the planner's proposals. NotFoundError for an unknown routine.
 */
export async function listTestCases(
  viewer: Viewer | null,
  routineId: string,
  options: { status?: CaseStatus } = {},
): Promise<TestCaseRow[]> {
  requireRole(viewer, ...CASE_READ_ROLES);
  const id = parseInput(routineIdSchema, routineId);
  return withDbErrors(async () => {
    const context = await routineCaseContext(id);
    const records = await prisma.testCase.findMany({
      where: { routineId: id, status: options.status ?? "active", deletedAt: null },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: caseSelect,
    });
    return records.map((record) => toCaseRow(record, context.toolNames));
  });
}

/** Everything the Cases tab shows, in one read. Authors, reviewers and admins. */
export async function getTestCaseTable(viewer: Viewer | null, routineId: string): Promise<TestCaseTable> {
  requireRole(viewer, ...CASE_READ_ROLES);
  const id = parseInput(routineIdSchema, routineId);
  return withDbErrors(async () => {
    const context = await routineCaseContext(id);
    const records = await prisma.testCase.findMany({
      where: { routineId: id, deletedAt: null },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: caseSelect,
    });
    const rows = records.map((record) => toCaseRow(record, context.toolNames));
    return {
      routineId: id,
      routineName: context.routineName,
      archived: context.archived,
      tools: context.tools,
      cases: rows.filter((row) => row.status === "active"),
      proposed: rows.filter((row) => row.status === "proposed"),
    };
  });
}

/** One case with its flags. Authors, reviewers and admins; NotFoundError for an unknown id. */
export async function getTestCase(viewer: Viewer | null, caseId: string): Promise<TestCaseRow> {
  requireRole(viewer, ...CASE_READ_ROLES);
  const id = parseInput(caseIdSchema, caseId);
  return withDbErrors(async () => {
    const record = await findCase(id);
    const context = await routineCaseContext(record.routineId);
    return toCaseRow(record, context.toolNames);
  });
}

/** Adds a case written by hand. Authors and admins; the content is checked with the case schema (ValidationError). */
export async function createTestCase(
  viewer: Viewer | null,
  routineId: string,
  content: TestCaseContentInput,
): Promise<TestCaseRow> {
  requireRole(viewer, ...WRITER_ROLES);
  const id = parseInput(routineIdSchema, routineId);
  const parsed = parseInput(testCaseContentSchema, content);
  return withDbErrors(async () => {
    const context = await routineCaseContext(id);
    refuseGroupsAcrossBranches(parsed, context.routine);
    const caseId = randomUUID();
    const record = await prisma.$transaction(async (tx) => {
      const created = await tx.testCase.create({
        data: { id: caseId, routineId: id, ...contentColumns(parsed), source: "manual", createdById: viewer.id },
        select: caseSelect,
      });
      await recordAudit(
        {
          action: "test_case.created",
          actor: viewer,
          target: { type: "test_case", id: caseId },
          detail: { routineId: id, name: parsed.name, source: "manual" },
        },
        tx,
      );
      return created;
    });
    return toCaseRow(record, context.toolNames);
  });
}

/** Replaces a case's content (a proposed case stays proposed). Authors and admins. */
export async function updateTestCase(
  viewer: Viewer | null,
  caseId: string,
  content: TestCaseContentInput,
): Promise<TestCaseRow> {
  requireRole(viewer, ...WRITER_ROLES);
  const id = parseInput(caseIdSchema, caseId);
  const parsed = parseInput(testCaseContentSchema, content);
  return withDbErrors(async () => {
    const context = await routineCaseContext((await findCase(id)).routineId);
    refuseGroupsAcrossBranches(parsed, context.routine);
    const record = await prisma.$transaction(async (tx) => {
      await findCase(id, tx);
      const updated = await tx.testCase.update({ where: { id }, data: contentColumns(parsed), select: caseSelect });
      await recordAudit(
        {
          action: "test_case.updated",
          actor: viewer,
          target: { type: "test_case", id },
          detail: { routineId: updated.routineId, name: parsed.name },
        },
        tx,
      );
      return updated;
    });
    return toCaseRow(record, context.toolNames);
  });
}

/**
 * Deletes a case: it leaves the lists and runs in no new suite run, but it is kept, marked deleted, with its past
 * results and their runs, which still count in the publish gate (deleting a case never takes a score out of it).
 * Authors and admins; NotFoundError when it is already gone. Audited as test_case.deleted with who and what.
 */
export async function deleteTestCase(viewer: Viewer | null, caseId: string): Promise<{ routineId: string }> {
  requireRole(viewer, ...WRITER_ROLES);
  const id = parseInput(caseIdSchema, caseId);
  return withDbErrors(() =>
    prisma.$transaction(async (tx) => {
      const record = await findCase(id, tx);
      const results = await tx.evalResult.count({ where: { caseId: id } });
      // Conditional on not deleted yet, so two deletes at once record one deletion.
      const marked = await tx.testCase.updateMany({ where: { id, deletedAt: null }, data: { deletedAt: new Date() } });
      if (marked.count === 0) throw new NotFoundError(CASE_NOT_FOUND);
      await recordAudit(
        {
          action: "test_case.deleted",
          actor: viewer,
          target: { type: "test_case", id },
          detail: {
            routineId: record.routineId,
            name: record.name,
            status: record.status,
            request: record.request,
            expectedCalls: record.expectedCalls,
            results,
          },
        },
        tx,
      );
      return { routineId: record.routineId };
    }),
  );
}

export type CaseImportOutcome = { ok: true; count: number } | { ok: false; errors: JsonlError[] };

/**
 * Imports cases from JSONL (one case per line; see parseCasesJsonl). All or nothing: a file with any bad line
 * returns its errors by line number and stores nothing; a good file is stored in one transaction with one audit
 * entry. Authors and admins. Cases naming tools the routine lacks are imported and flagged, as hand-written ones are;
 * a case with an order-free group across a branch is its line's error.
 */
export async function importTestCases(
  viewer: Viewer | null,
  routineId: string,
  jsonlText: string,
): Promise<CaseImportOutcome> {
  requireRole(viewer, ...WRITER_ROLES);
  const id = parseInput(routineIdSchema, routineId);
  const text = parseInput(z.string({ error: "Choose a JSONL file or paste its lines." }), jsonlText);
  return withDbErrors(async () => {
    const { routine } = await routineCaseContext(id);
    const parsed = parseCasesJsonl(text, (content) =>
      callGroupBranchProblems(content.expectedCalls, routine).map((message) => `expectedCalls: ${message}`),
    );
    if (!parsed.ok) return parsed;
    const now = Date.now();
    await prisma.$transaction(async (tx) => {
      // One createdAt per line, a millisecond apart, so the table lists the cases in the file's order.
      await tx.testCase.createMany({
        data: parsed.cases.map((content, index) => ({
          id: randomUUID(),
          routineId: id,
          ...contentColumns(content),
          source: "import",
          createdById: viewer.id,
          createdAt: new Date(now + index),
        })),
      });
      await recordAudit(
        {
          action: "test_case.imported",
          actor: viewer,
          target: { type: "routine", id },
          detail: { count: parsed.cases.length },
        },
        tx,
      );
    });
    return { ok: true, count: parsed.cases.length };
  });
}

/** The routine's active cases as JSONL (the import's format), oldest first. Authors, reviewers and admins. */
export async function exportTestCases(viewer: Viewer | null, routineId: string): Promise<string> {
  const rows = await listTestCases(viewer, routineId);
  return casesToJsonl(rows);
}
