// What a database test file leaves in its process that the next file in the same process must not see. Database test
// files share a worker process (test/shared-process-runner.ts): the project's modules are loaded afresh for each
// file, but what those modules keep on globalThis (the Prisma client, the run store's connections, the run worker,
// the tool gateway's stdio children…) outlives them. Each file's set-up releases all of it when the file ends, the
// way the end of a process released it before (decision 0040).

type Closable = { close?(): unknown; stop?(options?: unknown): unknown; end?(): unknown; $disconnect?(): unknown };

/** Every process-wide holder the app keeps on globalThis (grep `globalThis` in lib/), and how to let it go. */
const HOLDERS: ReadonlyArray<{ key: string; release: (value: unknown) => Promise<unknown> | unknown }> = [
  // Workers first: they write through the connections released below.
  // Runs in flight finish their current step, as on a server's shutdown: their writes belong to this file's database.
  { key: "routineStudioRunWorker", release: (worker) => (worker as Closable).stop?.({ graceMs: 5_000 }) },
  { key: "routineStudioEvalDriver", release: (driver) => (driver as Closable).stop?.() },
  // After the workers, whose stopped runs end their spans: flushes them and unregisters the OpenTelemetry SDK.
  { key: "routineStudioTelemetry", release: (telemetry) => (telemetry as Closable).stop?.() },
  // MCP sessions follow runs through the bus and poll the tool list: closed before the connections below.
  {
    key: "routineStudioMcp",
    release: async (registry) => {
      const { sessions, timer } = registry as {
        sessions: Map<string, { transport: Closable }>;
        timer: NodeJS.Timeout | null;
      };
      if (timer) clearInterval(timer);
      await Promise.all([...sessions.values()].map((session) => session.transport.close?.()));
    },
  },
  { key: "routineStudioEventRelay", release: (relay) => (relay as Closable).stop?.() },
  { key: "routineStudioEventListener", release: (listener) => (listener as Closable).stop?.() },
  { key: "__routineStudioToolGateway", release: (gateway) => (gateway as Closable).close?.() },
  {
    key: "routineStudioRunBoss",
    release: async (holder) => {
      const boss = await (holder as { boss: Promise<Closable> }).boss.catch(() => null);
      await boss?.stop?.({ graceful: false, wait: true });
    },
  },
  // PostgreSQL's group commits still queued or committing finish before the pool closes.
  {
    key: "routineStudioRunGroups",
    release: async (queues) => {
      for (const queue of (queues as Map<string, { pending: unknown[]; flushing: boolean; inFlight: number }>).values())
        await drained({
          pending: queue.pending,
          get scheduled() {
            return queue.flushing || queue.inFlight > 0;
          },
        });
    },
  },
  { key: "routineStudioRunPool", release: (holder) => (holder as { pool: Closable }).pool.end?.() },
  // Writes still queued are committed to this file's database before its connection closes.
  { key: "routineStudioRunWrites", release: (queue) => drained(queue as { pending: unknown[]; scheduled: boolean }) },
  {
    key: "routineStudioRunDb",
    release: async (holder) => {
      const { db, checkpointer } = holder as { db: { open: boolean; close(): void }; checkpointer: Closable | null };
      await checkpointer?.stop?.();
      if (db.open) db.close();
    },
  },
  { key: "routineStudioPrisma", release: (client) => (client as Closable).$disconnect?.() },
  { key: "routineStudioPrismaLoading", release: () => undefined },
  { key: "routineStudioPrismaTransactions", release: () => undefined },
  { key: "routineStudioRunEventBus", release: () => undefined },
  { key: "routineStudioStreamLimiter", release: () => undefined },
  { key: "routineStudioRunWake", release: () => undefined },
  { key: "routineStudioEvalWake", release: () => undefined },
  { key: "__routineStudioGuardedFetch", release: () => undefined },
];

async function drained(queue: { pending: unknown[]; scheduled: boolean }): Promise<void> {
  const until = Date.now() + 5_000;
  while ((queue.pending.length > 0 || queue.scheduled) && Date.now() < until)
    await new Promise((resolve) => setTimeout(resolve, 5));
}

const holders = globalThis as unknown as Record<string, unknown>;

/** Releases and forgets every process-wide holder; a failure to release one is reported, the rest still go. */
export async function releaseProcessState(): Promise<void> {
  const failures: string[] = [];
  for (const { key, release } of HOLDERS) {
    const value = holders[key];
    if (value === undefined) continue;
    delete holders[key];
    try {
      await release(value);
    } catch (error) {
      failures.push(`${key}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (failures.length) console.warn(`[test] could not release: ${failures.join("; ")}`);
  const unknown = unknownHolders();
  if (unknown.length)
    throw new Error(
      `globalThis holds ${unknown.join(", ")}, which test/process-state.ts does not release: the next test file in ` +
        `this process would find it. Add it to HOLDERS there.`,
    );
}

/** The names of holders this module does not know, so a new one cannot leak from file to file unnoticed. */
export function unknownHolders(): string[] {
  const known = new Set(HOLDERS.map((holder) => holder.key));
  return Object.keys(holders).filter(
    (key) => /^(__)?routineStudio/.test(key) && !known.has(key) && holders[key] !== undefined,
  );
}
