import "server-only";
import { errorMessage } from "../engine";
import { startRunWorker, stopRunWorker } from "./run-worker-process";
import { shutdownTelemetry } from "../../telemetry";

/**
 * Starts this server's run worker (unless RUN_WORKER=off) and stops it gracefully on SIGTERM/SIGINT (see
 * stopRunWorkerOnSignal). Never throws: runs then wait, the server stays up.
 *
 * Next's `next start` exits by itself on those signals unless NEXT_MANUAL_SIG_HANDLE is set, which can cut the drain
 * short (the runs are then resumed as after a crash). With NEXT_MANUAL_SIG_HANDLE set, the process's exit is ours:
 * the worker drains, then the process exits 0.
 */
export function startRunWorkerOnStartup(log: Pick<Console, "info" | "error"> = console): void {
  try {
    const worker = startRunWorker();
    if (!worker) log.info("[runs] RUN_WORKER=off: this server executes no runs");
    else log.info(`[runs] run worker ${worker.owner} started`);
  } catch (error) {
    log.error(`[runs] the run worker could not start: ${errorMessage(error)}`);
  }
  const exitAfterwards = Boolean(process.env.NEXT_MANUAL_SIG_HANDLE);
  stopRunWorkerOnSignal(async () => {
    // The drained runs' spans go out before the process ends (within the export timeout; nothing when traces are off).
    await shutdownTelemetry();
    if (exitAfterwards) process.exit(0);
  });
}

/**
 * On the first SIGTERM or SIGINT: stops taking work at once, lets the runs in flight finish their current step
 * (RUN_SHUTDOWN_GRACE_MS), hands their leases back, marks the worker stopped, then calls `after`. A second signal
 * is left to whoever else listens (with nobody, Node's default ends the process at once).
 */
export function stopRunWorkerOnSignal(
  after: () => void | Promise<void>,
  log: Pick<Console, "info" | "error"> = console,
): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    for (const each of SIGNALS) process.off(each, stop);
    if (stopping) return;
    stopping = true;
    log.info(`[runs] ${signal}: the run worker stops taking work and finishes the steps in flight`);
    void stopRunWorker()
      .catch((error: unknown) => log.error(`[runs] stopping the run worker failed: ${errorMessage(error)}`))
      .then(after);
  };
  for (const signal of SIGNALS) process.once(signal, stop);
}

const SIGNALS = ["SIGTERM", "SIGINT"] as const;
