import type { Child } from "../../lib/runs/store/testing/child-process";
import { startWorkerProcess } from "../../lib/runs/store/testing/worker-processes";

/** How long a worker may drain after SIGTERM before it is killed (its runs are all finished by then: nothing to drain). */
const STOP_TIMEOUT_MS = 20_000;

export type WorkerSet = {
  /** The lease owner ids the workers printed on start-up. */
  owners: string[];
  /** The last lines each worker printed (for a failure's report). */
  lastOutput(lines?: number): string;
  /** SIGTERM to each, then waits for every one to exit (SIGKILL after STOP_TIMEOUT_MS). Safe to call twice. */
  stop(): Promise<void>;
};

/**
 * Starts `count` processes of `npm run worker` (scripts/worker.mjs) on `env`, at the same time, and resolves once
 * each has said it started. When one fails to start, the others are stopped before the error is thrown.
 */
export async function startWorkers(count: number, env: NodeJS.ProcessEnv): Promise<WorkerSet> {
  const starting = Array.from({ length: count }, () => startWorkerProcess(env));
  const settled = await Promise.allSettled(starting);
  const children = settled.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : []));
  const set: WorkerSet = {
    owners: children.map((child) => child.match[1]!),
    lastOutput: (lines = 20) =>
      children
        .map((child, index) => `worker ${index + 1}:\n${child.output().trimEnd().split("\n").slice(-lines).join("\n")}`)
        .join("\n"),
    stop: () => stopAll(children),
  };
  const failed = settled.find((outcome) => outcome.status === "rejected");
  if (failed) {
    await set.stop();
    throw failed.reason;
  }
  return set;
}

async function stopAll(children: Child[]): Promise<void> {
  await Promise.all(children.map(stopOne));
}

async function stopOne(child: Child): Promise<void> {
  const running = () => child.process.exitCode === null && child.process.signalCode === null;
  if (!running()) return;
  child.process.kill("SIGTERM");
  const timer = setTimeout(() => running() && child.process.kill("SIGKILL"), STOP_TIMEOUT_MS);
  const code = await child.exited;
  clearTimeout(timer);
  // A worker that exits non-zero on SIGTERM did not drain as it should: say so, with what it printed.
  if (code !== 0)
    process.stderr.write(
      `[bench:workers] worker exited with ${code ?? child.process.signalCode}:\n${child.output()}\n`,
    );
}
