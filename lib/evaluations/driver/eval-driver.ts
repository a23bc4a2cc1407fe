import "server-only";
import { hostname } from "node:os";
import { randomUUID } from "node:crypto";
import { prisma } from "../../db/core";
import { executeEvalRun } from "./eval-execution";
import { onEvalWork } from "./eval-wake";

/** The driver's settings, each from an environment variable with these defaults. */
export const EVAL_DRIVER_DEFAULTS = { suites: 2, leaseMs: 30_000, pollMs: 1_000 };

export type EvalDriverOptions = Partial<typeof EVAL_DRIVER_DEFAULTS> & {
  owner?: string;
  log?: Pick<Console, "info" | "warn" | "error">;
};

export type EvalDriver = {
  readonly owner: string;
  /** Starts claiming eval runs (at once: runs a stopped process left running are resumed now). */
  start(): void;
  /** Claims runnable eval runs up to the limit; what wake-ups and the poll call. */
  wake(): void;
  /** Stops claiming and stops the eval runs in flight between steps; their leases are given back. */
  stop(): Promise<void>;
  /** The ids of the eval runs executing now. */
  active(): string[];
};

/** Eval runs a driver may take: queued, or running under a lease that expired or whose process on this host died. */
async function claimable(now: Date, limit: number): Promise<Array<{ id: string; deadOwner: string | null }>> {
  const rows = await prisma.evalRun.findMany({
    where: { status: { in: ["queued", "running"] } },
    orderBy: { createdAt: "asc" },
    select: { id: true, leaseOwner: true, leaseUntil: true },
  });
  return rows
    .flatMap((row): Array<{ id: string; deadOwner: string | null }> => {
      if (!row.leaseOwner || !row.leaseUntil || row.leaseUntil < now) return [{ id: row.id, deadOwner: null }];
      return ownerIsDead(row.leaseOwner) ? [{ id: row.id, deadOwner: row.leaseOwner }] : [];
    })
    .slice(0, limit);
}

function ownerIsDead(owner: string): boolean {
  const [host, pid] = owner.split("/");
  if (host !== hostname() || Number(pid) === process.pid) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

/**
 * The eval driver: claims eval runs with a lease (eval_run.leaseOwner/leaseUntil), executes each (see
 * executeEvalRun) and resumes, after a restart, the ones a stopped process left running. Woken in-process when a
 * suite starts or is cancelled, and polls for the rest.
 */
export function createEvalDriver(options: EvalDriverOptions = {}): EvalDriver {
  const config = { ...EVAL_DRIVER_DEFAULTS, ...options };
  const owner = options.owner ?? `${hostname()}/${process.pid}/eval-${randomUUID().slice(0, 8)}`;
  const log = options.log ?? console;
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  const waiters = new Set<() => void>();
  let started = false;
  let stopping = false;
  let filling: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let unsubscribe: (() => void) | null = null;

  const nextWake = () => new Promise<void>((resolve) => waiters.add(resolve));

  async function fill(): Promise<void> {
    const free = config.suites - running.size;
    if (stopping || free <= 0) return;
    const now = new Date();
    for (const { id, deadOwner } of await claimable(now, free)) {
      if (running.has(id)) continue;
      const claimed = await prisma.evalRun.updateMany({
        where: {
          id,
          status: { in: ["queued", "running"] },
          OR: [
            { leaseOwner: null },
            { leaseUntil: null },
            { leaseUntil: { lt: now } },
            ...(deadOwner ? [{ leaseOwner: deadOwner }] : []),
          ],
        },
        data: { leaseOwner: owner, leaseUntil: new Date(now.getTime() + config.leaseMs) },
      });
      if (claimed.count === 1) launch(id);
    }
  }

  function launch(id: string): void {
    const controller = new AbortController();
    const done = executeEvalRun(id, {
      owner,
      leaseMs: config.leaseMs,
      pollMs: config.pollMs,
      signal: controller.signal,
      nextWake,
    })
      .catch((error: unknown) =>
        log.error(`[evals] suite run ${id} stopped: ${error instanceof Error ? error.message : String(error)}`),
      )
      .finally(async () => {
        running.delete(id);
        await prisma.evalRun
          .updateMany({ where: { id, leaseOwner: owner }, data: { leaseOwner: null, leaseUntil: null } })
          .catch(() => undefined);
        if (!stopping) wake();
      });
    running.set(id, { controller, done });
  }

  function wake(): void {
    if (!started || stopping) return;
    for (const resolve of waiters) resolve();
    waiters.clear();
    if (filling) return;
    filling = fill()
      .catch((error: unknown) =>
        log.error(`[evals] claiming suite runs failed: ${error instanceof Error ? error.message : String(error)}`),
      )
      .finally(() => (filling = null));
  }

  return {
    owner,
    start() {
      if (started) return;
      started = true;
      unsubscribe = onEvalWork(wake);
      timer = setInterval(wake, Math.max(config.pollMs, 1_000) * 5);
      timer.unref?.();
      wake();
    },
    wake,
    async stop() {
      stopping = true;
      unsubscribe?.();
      if (timer) clearInterval(timer);
      for (const entry of running.values()) entry.controller.abort();
      for (const resolve of waiters) resolve();
      await filling;
      await Promise.all([...running.values()].map((entry) => entry.done));
    },
    active: () => [...running.keys()],
  };
}
