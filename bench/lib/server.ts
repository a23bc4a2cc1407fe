import { spawn, spawnSync } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";

/**
 * Generates the Prisma client, migrates and seeds the database of `env.DATABASE_URL` and builds the app when its
 * sources changed (bench/lib/prepare.ts in a child process, its output on stderr). Throws when that fails.
 */
export function prepareApp(root: string, env: NodeJS.ProcessEnv): void {
  const result = spawnSync(process.execPath, ["--import", "tsx", path.join("bench", "lib", "prepare.ts")], {
    cwd: root,
    env,
    stdio: ["ignore", 2, 2],
  });
  if (result.status !== 0) throw new Error(`Preparing the app failed (exit code ${result.status ?? result.signal}).`);
}

export type BenchServer = {
  url: string;
  /** Resolves once /sign-in answers; rejects when the server exits first or takes over 60 s. */
  ready: Promise<void>;
  stop(): Promise<void>;
};

/** On SIGINT or SIGTERM: logs it, runs `cleanUp` (which stops the server and what else the run started), exits 130. */
export function cleanUpOnSignal(cleanUp: () => Promise<void>, log: (message: string) => void): void {
  const stopOnSignal = (signal: NodeJS.Signals) => {
    log(`${signal}: stopping the server`);
    void cleanUp().finally(() => process.exit(130));
  };
  process.once("SIGINT", stopOnSignal);
  process.once("SIGTERM", stopOnSignal);
}

/** Fails clearly when something already listens on `port` (an old bench server, another app). */
export async function assertPortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", () => reject(new Error(`Port ${port} is taken; stop what uses it or set BENCH_PORT.`)));
    probe.listen(port, () => probe.close(() => resolve()));
  });
}

/**
 * `next start` on `port` in its own process group (so stop() ends it and anything it spawned), its output sent
 * to stderr. Returned at once, so a caller interrupted while waiting for `ready` can still stop it.
 */
export function startServer(root: string, port: number, env: NodeJS.ProcessEnv): BenchServer {
  const child = spawn(path.join(root, "node_modules", ".bin", "next"), ["start", "-p", String(port)], {
    cwd: root,
    env,
    detached: true,
    stdio: ["ignore", process.stderr, process.stderr],
  });
  let running = true;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  void exited.then(() => (running = false));
  const stop = async () => {
    if (!running || child.pid === undefined) return;
    process.kill(-child.pid, "SIGTERM");
    const timer = setTimeout(() => running && child.pid !== undefined && process.kill(-child.pid, "SIGKILL"), 5_000);
    await exited;
    clearTimeout(timer);
  };
  const url = `http://localhost:${port}`;
  const ready = (async () => {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (!running) throw new Error("next start exited before it answered (see its output above).");
      try {
        if ((await fetch(`${url}/sign-in`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`next start did not answer on ${url} within 60 s.`);
  })();
  return { url, ready, stop };
}
