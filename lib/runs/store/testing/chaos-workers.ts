import { randomInt } from "node:crypto";
import { startNode, stopChild, type Child } from "./child-process";
import { RUN_WORKER_ARGS } from "./worker-processes";

const WORKER_READY = /run worker (\S+) started/;

/** The seed of a chaos test: CHAOS_SEED when it is set (to replay a failure's kills), else a fresh random one. */
export function chaosSeed(env: NodeJS.ProcessEnv = process.env): number {
  const given = env.CHAOS_SEED?.trim();
  if (!given) return randomInt(2 ** 31);
  const seed = Number(given);
  if (!Number.isSafeInteger(seed) || seed < 0) throw new Error(`CHAOS_SEED must be a whole number, got "${given}".`);
  return seed;
}

/** A worker process of the pool: its lease owner id (from its start-up line) and its process. */
export type PoolWorker = { owner: string; child: Child };

/** One SIGKILL: whom it hit and when, counted from the pool's creation. */
export type Kill = { owner: string; pid: number; atMs: number };

/**
 * Run worker processes (`npm run worker`) that a test SIGKILLs and replaces, `size` of them at a time. A
 * replacement starts as soon as its predecessor is gone, without waiting for it to be ready, so kills can also
 * come while the pool is short of workers. Every process it started is kept, so a failure message can show what
 * each one printed, and `stopAll` ends them all.
 */
export function createWorkerPool(options: { size: number; env: NodeJS.ProcessEnv }) {
  const started: PoolWorker[] = [];
  const ready: PoolWorker[] = [];
  const starting = new Set<Promise<PoolWorker>>();
  const kills: Kill[] = [];
  const failures: unknown[] = [];
  const since = Date.now();

  function launch(): Promise<PoolWorker> {
    const launching = startNode(RUN_WORKER_ARGS, options.env, WORKER_READY).then(
      (child) => {
        const worker = { owner: child.match[1]!, child };
        started.push(worker);
        ready.push(worker);
        return worker;
      },
      (error: unknown) => {
        failures.push(error);
        throw error;
      },
    );
    starting.add(launching);
    void launching.then(
      () => starting.delete(launching),
      () => starting.delete(launching),
    );
    return launching;
  }

  function throwFailure(): void {
    if (failures.length > 0) throw failures[0];
  }

  return {
    kills,
    /** The workers that are up (started and not killed). */
    ready: (): readonly PoolWorker[] => ready,
    /** Starts the pool's workers, all at once, and waits until they are up. */
    async start(): Promise<void> {
      await Promise.all(Array.from({ length: options.size }, launch));
    },
    /** Resolves once at least `count` workers are up (replacements may still be starting). */
    async untilReady(count = 1): Promise<void> {
      while (ready.length < count) {
        throwFailure();
        if (starting.size === 0) throw new Error("No worker is up or starting.");
        await Promise.race(starting).catch(() => undefined);
      }
    },
    /** SIGKILLs `victim`, waits until it is gone and starts its replacement (not waiting for it). */
    async kill(victim: PoolWorker): Promise<Kill> {
      const at = ready.indexOf(victim);
      if (at < 0) throw new Error(`Worker ${victim.owner} is not up.`);
      ready.splice(at, 1);
      victim.child.process.kill("SIGKILL");
      await victim.child.exited;
      const kill = { owner: victim.owner, pid: victim.child.process.pid!, atMs: Date.now() - since };
      kills.push(kill);
      void launch().catch(() => undefined);
      return kill;
    },
    /**
     * Stops `victim` (SIGSTOP) for `ms`, then lets it go on (SIGCONT): a worker stalled past its leases, which
     * others may take over by time (its process is alive, so nobody frees them early), wakes up holding none.
     * While frozen it is not up: untilReady does not count it and it is never chosen to be killed.
     */
    async freeze(victim: PoolWorker, ms: number): Promise<void> {
      const at = ready.indexOf(victim);
      if (at < 0) throw new Error(`Worker ${victim.owner} is not up.`);
      ready.splice(at, 1);
      victim.child.process.kill("SIGSTOP");
      try {
        await new Promise((resolve) => setTimeout(resolve, ms));
      } finally {
        victim.child.process.kill("SIGCONT");
        ready.push(victim);
      }
    },
    /** Waits for the replacements still starting; throws when one could not start. */
    async settled(): Promise<void> {
      await Promise.allSettled(starting);
      throwFailure();
    },
    /** The last lines each worker printed, for a failure message. */
    outputs(lines = 15): string {
      return started
        .map(({ owner, child }) => {
          const tail = child.output().trimEnd().split("\n").slice(-lines).join("\n  ");
          const end = child.process.signalCode ?? child.process.exitCode ?? "running";
          return `worker ${owner} (${end}):\n  ${tail}`;
        })
        .join("\n");
    },
    /** Kills every worker (they hold nothing worth a graceful stop in a test), also those still starting. */
    async stopAll(): Promise<void> {
      await Promise.allSettled(starting);
      await Promise.all(started.map(({ child }) => stopChild(child, "SIGKILL")));
      ready.length = 0;
    },
  };
}

export type WorkerPool = ReturnType<typeof createWorkerPool>;
