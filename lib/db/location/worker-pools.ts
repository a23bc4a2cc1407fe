/**
 * Connection pool sizes a standalone worker process (npm run worker) starts with when DATABASE_POOL_MAX and
 * RUN_DB_POOL_MAX are unset: smaller than the web server's 10 and 10. With group commit a worker has one write
 * transaction in flight at a time and batches its reads (decision 0049), so a handful of connections keeps up with
 * hundreds of runs, and four workers beside a web server then stay well under PostgreSQL's default 100 connections
 * (at 10 + 10 each they ran out, and runs stalled waiting for connections).
 */
export const WORKER_POOL_DEFAULTS = { DATABASE_POOL_MAX: "4", RUN_DB_POOL_MAX: "5" } as const;

/** Sets each pool size the environment leaves unset (or blank) to the worker's default; a value given is kept. */
export function applyWorkerPoolDefaults(env: Record<string, string | undefined> = process.env): void {
  for (const [name, value] of Object.entries(WORKER_POOL_DEFAULTS)) if (!env[name]?.trim()) env[name] = value;
}
