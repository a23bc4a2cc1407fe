import type { Metadata } from "next";
import { AutoRefresh } from "@/components/workers/auto-refresh";
import type { WorkerRowView } from "@/components/workers/worker-types";
import { WorkersTable } from "@/components/workers/workers-table";
import { AccessDenied } from "@/components/shell/access-denied";
import { Alert, PageHeader } from "@/components/ui";
import { loadOrError } from "@/lib/actions";
import { listRunWorkers } from "@/lib/db/workers";
import { sectionAccess } from "@/lib/session";

export const metadata: Metadata = { title: "Run workers" };

/** How often the page re-reads the workers: about one heartbeat, so a lost worker shows within seconds. */
const REFRESH_MS = 5_000;

/**
 * The run workers seen in the last day: host, pid, status from their heartbeats, the runs each holds. Admins only;
 * the DAL checks again. It refreshes itself, so an operator can watch a worker start, drain or get lost.
 */
export default async function WorkersSettingsPage() {
  const { viewer, allowed } = await sectionAccess("settings");
  if (!allowed) return <AccessDenied sectionId="settings" viewer={viewer} />;
  const now = new Date();
  const loaded = await loadOrError(() => listRunWorkers(viewer, { now }));
  return (
    <div className="space-y-6" data-testid="workers-page">
      <PageHeader
        title="Run workers"
        description="The processes that carry out runs: the web server's own worker and any started with npm run worker. A worker that misses three heartbeats is shown as lost; its runs are resumed by another."
      />
      <AutoRefresh intervalMs={REFRESH_MS} />
      {loaded.data === null ? (
        <Alert tone="error" title="The run workers could not be loaded" testId="workers-load-error">
          {loaded.error}
        </Alert>
      ) : (
        <WorkersTable rows={loaded.data.map(toRow)} now={now.toISOString()} />
      )}
    </div>
  );
}

function toRow(worker: Awaited<ReturnType<typeof listRunWorkers>>[number]): WorkerRowView {
  return {
    id: worker.id,
    host: worker.host,
    pid: worker.pid,
    status: worker.status,
    runIds: worker.runIds,
    concurrency: worker.concurrency,
    startedAt: worker.startedAt.toISOString(),
    heartbeatAt: worker.heartbeatAt.toISOString(),
  };
}
