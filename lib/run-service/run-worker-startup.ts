import "server-only";
import { startRunWorker, stopRunWorker } from "./run-worker-process";

/**
 * Starts this server's run worker (unless RUN_WORKER=off) and stops it on SIGTERM/SIGINT, so the runs in flight
 * stop between writes and their leases are given back for the next start. Never throws: runs then wait, the
 * server stays up.
 */
export function startRunWorkerOnStartup(log: Pick<Console, "info" | "error"> = console): void {
  try {
    const worker = startRunWorker();
    if (!worker) return log.info("[runs] RUN_WORKER=off: this server executes no runs");
    log.info(`[runs] run worker ${worker.owner} started`);
    for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => void stopRunWorker());
  } catch (error) {
    log.error(`[runs] the run worker could not start: ${error instanceof Error ? error.message : String(error)}`);
  }
}
