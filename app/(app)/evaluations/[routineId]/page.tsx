import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CaseTable } from "@/components/evals/cases/case-table";
import type { CaseActions, CaseView } from "@/components/evals/cases/case-types";
import { AccessDenied } from "@/components/shell/access-denied";
import { Alert } from "@/components/ui";
import { hasAnyRole, WRITER_ROLES } from "@/lib/access";
import { loadOrError } from "@/lib/actions";
import { NotFoundError } from "@/lib/db/core";
import { getTestCaseTable, type TestCaseRow } from "@/lib/db/evals";
import { sectionAccess } from "@/lib/session";
import {
  deleteCaseAction,
  dropCaseAction,
  exportCasesAction,
  importCasesAction,
  keepCaseAction,
  proposeCasesAction,
  saveCaseAction,
} from "./case-actions";

export const metadata: Metadata = { title: "Test cases" };

const actions: CaseActions = {
  save: saveCaseAction,
  remove: deleteCaseAction,
  importJsonl: importCasesAction,
  exportJsonl: exportCasesAction,
  propose: proposeCasesAction,
  keep: keepCaseAction,
  drop: dropCaseAction,
};

function toView(row: TestCaseRow): CaseView {
  return {
    id: row.id,
    name: row.name,
    request: row.request,
    inputs: row.inputs,
    expectedCalls: row.expectedCalls,
    expectedPath: row.expectedPath,
    pinnedOutputs: row.pinnedOutputs,
    strict: row.strict,
    source: row.source,
    status: row.status,
    sourceRunId: row.sourceRunId,
    createdByName: row.createdBy?.name ?? null,
    updatedAt: row.updatedAt.toISOString(),
    problems: row.problems,
  };
}

/** The Cases tab of a routine's evaluations: its test cases, read by reviewers, written by authors and admins. */
export default async function RoutineCasesPage({ params }: { params: Promise<{ routineId: string }> }) {
  const { viewer, allowed } = await sectionAccess("evaluations");
  if (!allowed) return <AccessDenied sectionId="evaluations" viewer={viewer} />;
  const { routineId } = await params;
  const result = await loadOrError(() =>
    getTestCaseTable(viewer, routineId).catch((error: unknown) =>
      error instanceof NotFoundError ? null : Promise.reject(error),
    ),
  );
  if (result.error === null && result.data === null) notFound();
  if (result.error !== null) {
    return (
      <Alert tone="error" title="The test cases could not be loaded" testId="cases-load-error">
        {result.error}
      </Alert>
    );
  }
  const table = result.data!;
  return (
    <CaseTable
      routineId={table.routineId}
      cases={table.cases.map(toView)}
      proposed={table.proposed.map(toView)}
      tools={table.tools}
      canWrite={hasAnyRole(viewer.roles, WRITER_ROLES)}
      actions={actions}
    />
  );
}
