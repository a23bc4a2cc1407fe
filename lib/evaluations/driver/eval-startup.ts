import "server-only";
import { createEvalDriver, type EvalDriver, type EvalDriverOptions } from "./eval-driver";

// One driver per process, on globalThis like the run worker: Next may load this module more than once.
const holder = globalThis as unknown as { routineStudioEvalDriver?: EvalDriver };

const positive = (value: string | undefined, fallback: number) => {
  const number = Number(value?.trim() || NaN);
  return Number.isSafeInteger(number) && number > 0 ? number : fallback;
};

/**
 * Starts this process's eval driver (once; later calls return the same one), unless EVAL_DRIVER=off.
 * EVAL_DRIVER_SUITES (suite runs at once), EVAL_LEASE_MS and EVAL_POLL_MS tune it.
 */
export function startEvalDriver(
  options: EvalDriverOptions = {},
  env: NodeJS.ProcessEnv = process.env,
): EvalDriver | null {
  if (holder.routineStudioEvalDriver) return holder.routineStudioEvalDriver;
  if ((env.EVAL_DRIVER ?? "").trim().toLowerCase() === "off") return null;
  const driver = createEvalDriver({
    suites: positive(env.EVAL_DRIVER_SUITES, 2),
    leaseMs: positive(env.EVAL_LEASE_MS, 30_000),
    pollMs: positive(env.EVAL_POLL_MS, 1_000),
    ...options,
  });
  holder.routineStudioEvalDriver = driver;
  driver.start();
  return driver;
}

/** Stops this process's driver: suite runs in flight stay `running` under no lease, for the next start to resume. */
export async function stopEvalDriver(): Promise<void> {
  const driver = holder.routineStudioEvalDriver;
  if (!driver) return;
  holder.routineStudioEvalDriver = undefined;
  await driver.stop();
}

/**
 * Starts the eval driver in the web server beside the run worker and stops it on SIGTERM/SIGINT. Never throws:
 * suites then wait, the server stays up.
 */
export function startEvalDriverOnStartup(log: Pick<Console, "info" | "error"> = console): void {
  try {
    const driver = startEvalDriver();
    if (!driver) return log.info("[evals] EVAL_DRIVER=off: this server executes no evaluation suites");
    log.info(`[evals] eval driver ${driver.owner} started`);
    for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => void stopEvalDriver());
  } catch (error) {
    log.error(`[evals] the eval driver could not start: ${error instanceof Error ? error.message : String(error)}`);
  }
}
