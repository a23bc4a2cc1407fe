import { PlayCircle } from "lucide-react";
import type { Metadata } from "next";
import { RunByRequest } from "@/components/runs/by-request/run-by-request";
import { RunsFilters, type RunsFilterValues } from "@/components/runs/list/runs-filters";
import type { RunRowView } from "@/components/runs/list/run-list-types";
import { RunsTable } from "@/components/runs/list/runs-table";
import { AccessDenied } from "@/components/shell/access-denied";
import { Alert, ButtonLink, EmptyState, PageHeader } from "@/components/ui";
import { loadOrError } from "@/lib/actions";
import { hasAnyRole } from "@/lib/access";
import { sectionAccess } from "@/lib/session";
import { listRoutines } from "@/lib/db/library";
import { listRuns, type RunSummary } from "@/lib/runs/operations";
import { RUN_STATUSES, type RunStatus } from "@/lib/events";
import { loadRunFormAction, startRunAction } from "../../(designer)/routines/[id]/run-actions";
import { findRoutineAction, startPlannedRunAction } from "./actions";

export const metadata: Metadata = { title: "Runs" };

// "Run by request" starts runs through the designer's own start actions: one path for inputs, checks and errors.
const byRequestActions = {
  find: findRoutineAction,
  load: loadRunFormAction,
  start: startRunAction,
  plan: startPlannedRunAction,
};

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const one = (value: string | string[] | undefined) => (typeof value === "string" ? value.slice(0, 100) : "");

function toRow(run: RunSummary): RunRowView {
  return {
    id: run.id,
    routineId: run.routineId,
    routineName: run.routineName,
    versionNumber: run.versionNumber,
    status: run.status,
    source: run.source,
    startedBy: run.startedBy?.name ?? null,
    isSubRun: run.parentRunId !== null,
    createdAt: run.createdAt.toISOString(),
    startedAt: run.startedAt?.toISOString() ?? null,
    finishedAt: run.finishedAt?.toISOString() ?? null,
    tokens: run.inputTokens + run.outputTokens,
    error: run.error,
    request: run.request,
  };
}

/** Every run the viewer may see, filtered by routine, status and who started it, with statuses kept live. */
export default async function RunsPage({ searchParams }: { searchParams: SearchParams }) {
  const { viewer, allowed } = await sectionAccess("runs");
  if (!allowed) return <AccessDenied sectionId="runs" viewer={viewer} />;
  const params = await searchParams;
  const status = one(params.status);
  const values: RunsFilterValues = {
    routine: one(params.routine),
    status: (RUN_STATUSES as readonly string[]).includes(status) ? status : "",
    startedBy: one(params.startedBy),
    evaluations: one(params.evaluations) === "1",
  };
  const [runs, routines, everyone] = await Promise.all([
    loadOrError(() =>
      listRuns(viewer, {
        routineId: values.routine || undefined,
        status: (values.status || undefined) as RunStatus | undefined,
        startedBy: values.startedBy || undefined,
        evaluations: values.evaluations,
        limit: 200,
      }),
    ),
    loadOrError(() => listRoutines(viewer, { includeArchived: true })),
    loadOrError(() => listRuns(viewer, { limit: 200 })),
  ]);
  const starters = new Map<string, string>();
  for (const run of everyone.data ?? []) if (run.startedBy) starters.set(run.startedBy.id, run.startedBy.name);
  const filtered = Boolean(values.routine || values.status || values.startedBy || values.evaluations);
  const canStart = hasAnyRole(viewer.roles, ["operator", "admin"]);
  const published = (routines.data ?? [])
    .filter((routine) => routine.publishedVersionNumber !== null && !routine.archived)
    .map(({ id, name }) => ({ id, name }));
  return (
    <div data-testid="runs-page">
      <PageHeader
        title="Runs"
        description="Every run, of a published routine or planned from a request. Open one to watch its steps live, step in, or approve what waits for you."
      />
      {canStart ? <RunByRequest actions={byRequestActions} published={published} /> : null}
      <RunsFilters
        values={values}
        routines={(routines.data ?? []).map(({ id, name }) => ({ id, name }))}
        starters={[...starters].map(([id, name]) => ({ id, name }))}
        viewerId={viewer.id}
      />
      {runs.error !== null ? (
        <Alert tone="error" title="The runs could not be loaded" testId="runs-error">
          {runs.error}
        </Alert>
      ) : (
        <RunsTable
          runs={runs.data.map(toRow)}
          empty={
            filtered ? (
              <EmptyState
                icon={PlayCircle}
                title="No runs match these filters"
                testId="runs-empty"
                action={
                  <ButtonLink href="/runs" variant="secondary">
                    Clear filters
                  </ButtonLink>
                }
              >
                Try another routine or status.
              </EmptyState>
            ) : (
              <EmptyState
                icon={PlayCircle}
                title="No runs yet"
                testId="runs-empty"
                action={
                  canStart ? (
                    <ButtonLink href="/routines" variant="secondary">
                      Choose a routine to run
                    </ButtonLink>
                  ) : undefined
                }
              >
                {canStart
                  ? "Open a published routine and press Run, or start runs from other systems with POST /api/runs and a personal API token."
                  : "Runs of your routines will be listed here, with every step and tool call."}
              </EmptyState>
            )
          }
        />
      )}
    </div>
  );
}
