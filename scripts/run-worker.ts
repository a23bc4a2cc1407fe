// The run worker on its own: `npm run worker`, which runs this file bundled (scripts/worker.mjs, decision 0042). It
// opens the database of DATABASE_URL (any machine that reaches it), applies pending migrations, and executes runs
// (RUN_WORKER_CONCURRENCY, RUN_LEASE_MS, RUN_POLL_MS, RUN_HEARTBEAT_MS) until SIGTERM/SIGINT: it then stops claiming,
// lets each run in flight finish its current step (up to RUN_SHUTDOWN_GRACE_MS), hands the runs back for any worker to
// resume, marks itself stopped and exits 0. A second signal ends it at once. The web server runs the same worker
// in-process; start it with RUN_WORKER=off to move runs out of it. It loads the run service and the database only: no
// Next, React or better-auth (tested).
// A DATABASE_URL it cannot use (wrong form, no server there, no such database, refused credentials, a migration that
// fails) ends it at start with exit code 1 and one sentence saying what to fix, not a stack trace.
import { applyWorkerPoolDefaults, DatabaseConfigError } from "../lib/db/location";
import { migrateDatabase, MigrationError } from "../lib/db/migrations";

// Before anything opens a pool: a worker needs fewer connections than the web server (lib/db/location/worker-pools.ts).
applyWorkerPoolDefaults();
try {
  await migrateDatabase();
} catch (error) {
  if (error instanceof MigrationError || error instanceof DatabaseConfigError) {
    console.error(`The run worker cannot start: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
// Traces of the runs it executes when the OTEL_* variables name an OTLP endpoint (lib/telemetry; off otherwise).
const { shutdownTelemetry, startTelemetry } = await import("../lib/telemetry");
await startTelemetry();
// Loaded only now: the run service opens the database when it loads, where a bad DATABASE_URL would throw uncaught.
const { startRunWorker, stopRunWorkerOnSignal } = await import("../lib/runs/store");
const worker = startRunWorker({ enabled: true });
console.log(`run worker ${worker!.owner} started (pid ${process.pid})`);

stopRunWorkerOnSignal(async () => {
  const { sharedToolGateway } = await import("../lib/tool-gateway");
  await sharedToolGateway().close();
  // The spans of the runs it stopped go out before it exits (within the export timeout).
  await shutdownTelemetry();
  console.log(`run worker ${worker!.owner} stopped`);
  process.exit(0);
});
// Keep the process alive between polls (the worker's timers do not hold it open).
setInterval(() => undefined, 1 << 30);
