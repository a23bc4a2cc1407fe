import "server-only";
import { createRunEngine, type ModelPort, type RunEngineDeps, type RunEngineOptions, type ToolPort } from "../engine";
import { resolveLlmConfig } from "../../db/llm";
import { heartbeatMsFrom, HEARTBEAT_DEFAULT_MS } from "../../db/workers";
import { runCalendar } from "./run-calendar";
import { createRunHeartbeat } from "./run-heartbeat";
import { busEventSink, databaseActorPort, runModelPort } from "./run-ports";
import { createRunStore } from "./run-store";
import { createRegistryToolPort } from "./run-tool-port";
import { tracedExecutor, tracedToolPort } from "./run-tracing";
import { flushTelemetry } from "../../telemetry";
import {
  createRunWorker,
  processOwnerId,
  type RunExecutor,
  type RunWorker,
  type RunWorkerStopOptions,
} from "./run-worker";
import { runDialect } from "./run-database";
import { startChannelListener } from "./run-event-listen";
import { RUN_QUEUE_CHANNEL } from "./run-queue";
import { queueWorkSource, tableWorkSource } from "./run-work-sources";

/** The worker's settings, each from an environment variable (README) with these defaults. */
export const RUN_WORKER_DEFAULTS = {
  concurrency: 16,
  leaseMs: 30_000,
  pollMs: 5_000,
  heartbeatMs: HEARTBEAT_DEFAULT_MS,
  shutdownGraceMs: 10_000,
};

export type RunWorkerConfig = typeof RUN_WORKER_DEFAULTS & { enabled: boolean };

/**
 * RUN_WORKER=off disables the worker (a web process in scale-out mode); RUN_WORKER_CONCURRENCY, RUN_LEASE_MS,
 * RUN_POLL_MS, RUN_HEARTBEAT_MS and RUN_SHUTDOWN_GRACE_MS (0: abort the runs in flight at once) tune it.
 */
export function runWorkerConfig(env: NodeJS.ProcessEnv = process.env): RunWorkerConfig {
  const number = (name: string, fallback: number, min: number) => {
    const value = Number(env[name]?.trim() || NaN);
    return Number.isSafeInteger(value) && value >= min ? value : fallback;
  };
  return {
    enabled: (env.RUN_WORKER ?? "").trim().toLowerCase() !== "off",
    concurrency: number("RUN_WORKER_CONCURRENCY", RUN_WORKER_DEFAULTS.concurrency, 1),
    leaseMs: number("RUN_LEASE_MS", RUN_WORKER_DEFAULTS.leaseMs, 1),
    pollMs: number("RUN_POLL_MS", RUN_WORKER_DEFAULTS.pollMs, 1),
    heartbeatMs: heartbeatMsFrom(env),
    shutdownGraceMs: number("RUN_SHUTDOWN_GRACE_MS", RUN_WORKER_DEFAULTS.shutdownGraceMs, 0),
  };
}

export type RunWorkerOverrides = Partial<RunWorkerConfig> & {
  tools?: ToolPort;
  model?: ModelPort;
  planner?: ModelPort;
  /** The compressor model; default: the compressor role's, when an admin configured one. */
  compressor?: ModelPort;
  engineOptions?: RunEngineOptions;
  log?: Pick<Console, "info" | "warn" | "error">;
};

/**
 * The compressor role's model when an admin configured one, else none: the engine then keeps compressed runs
 * plan-aware, saying "No compressor model is configured". Read for every execution, so a model set or removed while
 * the worker runs applies to the next run it picks up.
 */
async function configuredCompressor(): Promise<ModelPort | undefined> {
  try {
    return (await resolveLlmConfig("compressor")) ? runModelPort("compressor") : undefined;
  } catch {
    // Configured but unusable (a key that cannot be decrypted): its calls fail with that reason, which the run shows.
    return runModelPort("compressor");
  }
}

/** A worker over the app's database, registry tools, the role models and event bus (not started). */
export function buildRunWorker(overrides: RunWorkerOverrides = {}): RunWorker {
  const config = { ...runWorkerConfig(), ...overrides };
  const owner = processOwnerId();
  const deps: RunEngineDeps = {
    store: createRunStore({ owner, leaseMs: config.leaseMs }),
    // Each call an `execute_tool` span of the run's trace when traces are on (run-tracing.ts).
    tools: tracedToolPort(overrides.tools ?? createRegistryToolPort()),
    model: overrides.model ?? runModelPort("executor"),
    planner: overrides.planner ?? runModelPort("planner"),
    actors: databaseActorPort,
    sink: busEventSink,
    options: { calendar: runCalendar(), ...overrides.engineOptions },
  };
  // An engine per execution is cheap (it holds no state between runs) and lets each run see the current compressor.
  // Each execution is a segment span of the run's trace when traces are on (run-tracing.ts).
  const engine: RunExecutor = tracedExecutor({
    async execute(runId, signal, control) {
      const compressor = overrides.compressor ?? (await configuredCompressor());
      return createRunEngine({ ...deps, compressor }).execute(runId, signal, control);
    },
  });
  // PostgreSQL: the run queue, and a LISTEN connection that wakes the worker when any process queued a run.
  const url = process.env.DATABASE_URL;
  const queued = runDialect(url) === "postgres" ? url! : null;
  let listener: { stop(): Promise<void> } | null = null;
  return createRunWorker({
    source: queued ? queueWorkSource(queued) : tableWorkSource,
    wakeups: queued
      ? {
          start(wake) {
            listener = startChannelListener({
              url: queued,
              channel: RUN_QUEUE_CHANNEL,
              onPayload: wake,
              onConnected: wake,
            });
          },
          stop: async () => listener?.stop(),
        }
      : undefined,
    engine,
    owner,
    concurrency: config.concurrency,
    leaseMs: config.leaseMs,
    pollMs: config.pollMs,
    heartbeat: createRunHeartbeat({
      owner,
      concurrency: config.concurrency,
      intervalMs: config.heartbeatMs,
      log: overrides.log,
    }),
    log: overrides.log,
  });
}

// One worker per process, on globalThis like the Prisma client: Next may load this module more than once.
const holder = globalThis as unknown as { routineStudioRunWorker?: RunWorker };

/**
 * Starts this process's run worker (once; later calls return the same one), unless RUN_WORKER=off. Called from
 * instrumentation.ts register() in the web server and by scripts/run-worker.ts. It resumes at once the runs a
 * stopped process left running.
 */
export function startRunWorker(overrides: RunWorkerOverrides = {}): RunWorker | null {
  if (holder.routineStudioRunWorker) return holder.routineStudioRunWorker;
  if (!{ ...runWorkerConfig(), ...overrides }.enabled) return null;
  const worker = buildRunWorker(overrides);
  holder.routineStudioRunWorker = worker;
  worker.start();
  return worker;
}

/**
 * Stops this process's worker gracefully: no new claims, each run in flight finishes its current step (within
 * RUN_SHUTDOWN_GRACE_MS unless `options` say otherwise) and stays `running` with its lease given back, for any worker
 * to resume at once.
 */
export async function stopRunWorker(
  options: RunWorkerStopOptions = { graceMs: runWorkerConfig().shutdownGraceMs },
): Promise<void> {
  const worker = holder.routineStudioRunWorker;
  if (!worker) return;
  holder.routineStudioRunWorker = undefined;
  await worker.stop(options);
  // The spans of the segments the drain ended are exported now, not at the next batch (bounded by the export timeout).
  await flushTelemetry();
}
