import "server-only";
import { hostname } from "node:os";
import { errorMessage } from "../engine";
import {
  beatRunWorker,
  markRunWorkerStopped,
  pruneRunWorkers,
  registerRunWorker,
  type WorkerIdentity,
} from "../../db/workers";

/** What the worker tells operators about itself: that it started, that it lives (with its runs), that it stopped. */
export type RunHeartbeat = {
  /** Registers the worker and beats every interval with the runs `active` returns. */
  start(active: () => string[]): Promise<void>;
  /** Stops beating and marks the worker stopped (a clean stop; a crash leaves it to turn "lost"). */
  stop(): Promise<void>;
};

export type RunHeartbeatOptions = {
  owner: string;
  concurrency: number;
  intervalMs: number;
  log?: Pick<Console, "warn">;
};

// Old rows are pruned by the workers themselves, at start and then about hourly: no extra job to run.
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/**
 * The worker's heartbeat in the run_worker table. A failed beat is logged and retried at the next interval: a busy
 * database must not stop the worker, and the row turns "lost" on the page only after several missed beats.
 */
export function createRunHeartbeat(options: RunHeartbeatOptions): RunHeartbeat {
  const log = options.log ?? console;
  const identity: WorkerIdentity = {
    id: options.owner,
    host: hostname(),
    pid: process.pid,
    concurrency: options.concurrency,
  };
  let timer: NodeJS.Timeout | undefined;
  let starting: Promise<void> | null = null;
  let stopped = false;
  let beating: Promise<void> = Promise.resolve();
  let prunedAt = 0;

  const warn = (what: string) => (error: unknown) => log.warn(`[runs] ${what} failed: ${errorMessage(error)}`);

  async function prune(now: number): Promise<void> {
    if (now - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = now;
    await pruneRunWorkers(new Date(now)).catch(warn("pruning old worker rows"));
  }

  async function begin(active: () => string[]): Promise<void> {
    await registerRunWorker(identity).catch(warn("registering the worker"));
    await prune(Date.now());
    // A stop that came while registering wins: no timer may outlive it.
    if (stopped) return;
    timer = setInterval(() => {
      beating = beatRunWorker(identity, active())
        .then(() => prune(Date.now()))
        .catch(warn("the worker's heartbeat"));
    }, options.intervalMs);
    timer.unref?.();
  }

  return {
    start(active) {
      starting ??= begin(active);
      return starting;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await starting;
      clearInterval(timer);
      await beating;
      if (starting) await markRunWorkerStopped(identity.id).catch(warn("marking the worker stopped"));
    },
  };
}
