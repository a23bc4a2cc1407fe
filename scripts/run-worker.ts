// The run worker on its own: `node --import ./scripts/lib/server-only.mjs --import tsx scripts/run-worker.ts`. It opens the
// database of DATABASE_URL, applies pending migrations, and executes runs (RUN_WORKER_CONCURRENCY, RUN_LEASE_MS,
// RUN_POLL_MS) until SIGTERM/SIGINT, when the runs in flight stop between writes and are resumed by the next start.
// The web server runs the same worker in-process; start this one with RUN_WORKER=off on the web server to move
// runs out of it. It loads the run service and the database only: no Next, React or better-auth (tested).
import { migrateDatabase } from "../lib/db/migrations";
import { startRunWorker, stopRunWorker } from "../lib/run-service";

migrateDatabase();
const worker = startRunWorker({ enabled: true });
console.log(`run worker ${worker!.owner} started (pid ${process.pid})`);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await stopRunWorker();
  const { sharedToolGateway } = await import("../lib/tool-gateway");
  await sharedToolGateway().close();
  process.exit(0);
}
process.once("SIGTERM", () => void stop());
process.once("SIGINT", () => void stop());
// Keep the process alive between polls (the worker's timers do not hold it open).
setInterval(() => undefined, 1 << 30);
