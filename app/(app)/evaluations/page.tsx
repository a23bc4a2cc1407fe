import { FlaskConical } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { ModelNotice } from "@/components/evals/model-notice";
import { ConfigurationFigures } from "@/components/evals/suites/configuration-figures";
import { AccessDenied } from "@/components/shell/access-denied";
import { Alert, ButtonLink, EmptyState, PageHeader, Table, Td, Th } from "@/components/ui";
import { loadOrError } from "@/lib/actions";
import { listEvaluationOverview } from "@/lib/db/evals";
import { sectionAccess } from "@/lib/session";

export const metadata: Metadata = { title: "Evaluations" };

/** Every routine with its test cases, its suites and the latest accuracy of each. */
export default async function EvaluationsPage() {
  const { viewer, allowed } = await sectionAccess("evaluations");
  if (!allowed) return <AccessDenied sectionId="evaluations" viewer={viewer} />;
  const overview = await loadOrError(() => listEvaluationOverview(viewer));
  return (
    <div data-testid="evaluations-page">
      <PageHeader
        title="Evaluations"
        description="How often each routine's tool calls are right: test cases per routine, and suites that run them under each version, model and mode."
        actions={
          <ButtonLink href="/evaluations/export" variant="secondary">
            Training data
          </ButtonLink>
        }
      />
      <ModelNotice canConfigure={viewer.roles.includes("admin")} className="mb-6" />
      {overview.error !== null ? (
        <Alert tone="error" title="The evaluations could not be loaded" testId="evaluations-error">
          {overview.error}
        </Alert>
      ) : overview.data.length === 0 ? (
        <EmptyState icon={FlaskConical} title="No routines to evaluate yet" testId="evaluations-empty">
          Once a routine exists, its authors write test cases for it here and run suites that score its tool calls.
        </EmptyState>
      ) : (
        <Table data-testid="evaluations-table">
          <caption className="sr-only">Routines with their test cases and suites</caption>
          <thead>
            <tr>
              <Th>Routine</Th>
              <Th className="text-right">Cases</Th>
              <Th>Suites and latest accuracy per configuration</Th>
            </tr>
          </thead>
          <tbody>
            {overview.data.map((routine) => (
              <tr key={routine.routineId} data-testid="evaluations-row">
                <Td>
                  <Link
                    href={`/evaluations/${routine.routineId}`}
                    className="font-medium text-foreground hover:underline"
                    data-testid="evaluations-routine-link"
                  >
                    {routine.routineName}
                  </Link>
                </Td>
                <Td className="text-right tabular-nums">
                  {routine.activeCases}
                  {routine.proposedCases > 0 ? (
                    <span className="block text-xs text-muted">{routine.proposedCases} proposed</span>
                  ) : null}
                </Td>
                <Td>
                  {routine.suites.length === 0 ? (
                    <Link
                      href={`/evaluations/${routine.routineId}/suites`}
                      className="text-sm text-muted hover:underline"
                    >
                      No suite yet
                    </Link>
                  ) : (
                    <ul className="space-y-1 text-sm">
                      {routine.suites.map((suite) => (
                        <li key={suite.id}>
                          <Link
                            href={`/evaluations/${routine.routineId}/suites/${suite.id}`}
                            className="hover:underline"
                          >
                            {suite.name}
                          </Link>{" "}
                          <span className="text-muted">
                            {suite.latest ? `· latest run ${suite.latest.status}` : "· never run"}
                          </span>
                          {suite.latest ? <ConfigurationFigures configurations={suite.latest.configurations} /> : null}
                        </li>
                      ))}
                    </ul>
                  )}
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </div>
  );
}
