// The run worker on its own: `npm run worker`. It opens the database of DATABASE_URL (any machine that reaches it),
// applies pending migrations, and executes runs (RUN_WORKER_CONCURRENCY, RUN_LEASE_MS, RUN_POLL_MS, RUN_HEARTBEAT_MS)
// until SIGTERM/SIGINT: it then stops claiming, lets each run in flight finish its current step (up to
// RUN_SHUTDOWN_GRACE_MS), hands the runs back for any worker to resume, marks itself stopped and exits 0. A second
// signal ends it at once. The web server runs the same worker in-process; start it with RUN_WORKER=off to move runs
// out of it. It loads the run service and the database only: no Next, React or better-auth (tested).
import { migrateDatabase } from "../lib/db/migrations";
import { startRunWorker, stopRunWorkerOnSignal } from "../lib/run-service";

await migrateDatabase();
const worker = startRunWorker({ enabled: true });
console.log(`run worker ${worker!.owner} started (pid ${process.pid})`);

stopRunWorkerOnSignal(async () => {
  const { sharedToolGateway } = await import("../lib/tool-gateway");
  await sharedToolGateway().close();
  console.log(`run worker ${worker!.owner} stopped`);
  process.exit(0);
});
// Keep the process alive between polls (the worker's timers do not hold it open).
setInterval(() => undefined, 1 << 30);
