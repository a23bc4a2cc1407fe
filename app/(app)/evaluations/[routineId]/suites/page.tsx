import { ListChecks } from "lucide-react";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { SuiteList } from "@/components/evals/suites/suite-list";
import { AccessDenied } from "@/components/shell/access-denied";
import { Alert, ButtonLink, EmptyState } from "@/components/ui";
import { hasAnyRole, WRITER_ROLES } from "@/lib/access";
import { loadOrError } from "@/lib/actions";
import { NotFoundError } from "@/lib/db/core";
import { getEvaluationRoutine, listEvaluationOverview, listSuites } from "@/lib/db/evals";
import { sectionAccess } from "@/lib/session";

export const metadata: Metadata = { title: "Evaluation suites" };

/** The Suites tab: a routine's suites with their configurations and latest run. */
export default async function SuitesPage({ params }: { params: Promise<{ routineId: string }> }) {
  const { viewer, allowed } = await sectionAccess("evaluations");
  if (!allowed) return <AccessDenied sectionId="evaluations" viewer={viewer} />;
  const { routineId } = await params;
  const loaded = await loadOrError(async () => {
    try {
      const [routine, suites, overview] = await Promise.all([
        getEvaluationRoutine(viewer, routineId),
        listSuites(viewer, routineId),
        listEvaluationOverview(viewer),
      ]);
      return { routine, suites, latest: overview.find((row) => row.routineId === routineId) ?? null };
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      throw error;
    }
  });
  if (loaded.error !== null)
    return (
      <Alert tone="error" title="The suites could not be loaded" testId="suites-error">
        {loaded.error}
      </Alert>
    );
  if (!loaded.data) notFound();
  const { suites, latest } = loaded.data;
  const canWrite = hasAnyRole(viewer.roles, WRITER_ROLES);
  const newSuite = canWrite ? (
    <ButtonLink href={`/evaluations/${routineId}/suites/new`} data-testid="suite-new">
      New suite
    </ButtonLink>
  ) : null;
  if (suites.length === 0)
    return (
      <EmptyState icon={ListChecks} title="No suites yet" testId="suites-empty" action={newSuite}>
        A suite runs this routine&apos;s active cases under each configuration you pick — a version, a model and a mode
        — and scores their tool calls.
        {canWrite ? null : " Authors create suites; you can run them and read their results."}
      </EmptyState>
    );
  const latestBySuite = new Map((latest?.suites ?? []).map((suite) => [suite.id, suite.latest]));
  return (
    <div className="space-y-4">
      {newSuite ? <div className="flex justify-end">{newSuite}</div> : null}
      <SuiteList
        routineId={routineId}
        suites={suites.map((suite) => {
          const run = latestBySuite.get(suite.id) ?? null;
          return {
            id: suite.id,
            name: suite.name,
            configurations: suite.configurations.length,
            modes: [...new Set(suite.configurations.map((config) => config.mode))],
            concurrency: suite.concurrency,
            latest: run
              ? {
                  status: run.status,
                  at: run.at.toISOString(),
                  configurations: run.configurations,
                }
              : null,
          };
        })}
      />
    </div>
  );
}
