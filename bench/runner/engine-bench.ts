import { performance } from "node:perf_hooks";
import { runEventBus, type RunEvent } from "../../lib/events";
import { buildRunWorker, claimRuns, createRunStore, processOwnerId, releaseLease } from "../../lib/runs/store";
import {
  createRunEngine,
  FakeTools,
  obedientModel,
  toolDefinition,
  type EventSink,
  type ModelPort,
  type ToolPort,
} from "../../lib/runs/engine";
import { queueRuns } from "./database";
import { ECHO } from "./routines";

// Parts 1 and 2 of the runner benchmark (docs/decisions/0015-runner-benchmark.md): the real engine and the real
// SQLite run store, in this process, with tools and a model that answer at once.

const LEASE_MS = 60_000;
const INPUTS = { seed: "benchmark" };

/** Zero-latency ports: the echo tool answered in-process (arguments still checked with ajv), an obedient model. */
export function instantPorts(): { tools: ToolPort; model: ModelPort } {
  const echo = (args: Record<string, unknown>) => ({ value: String(args.value ?? "") });
  const tools = new FakeTools([toolDefinition(ECHO.name, { value: { type: "string" } }, ["value"], ECHO.server)], {
    echo,
  });
  const model = obedientModel(() => ({ value: "filled in by the model" }));
  return { tools, model };
}

/** One run executed alone: its wall time and when each of its steps started (ms since the run's start). */
export type RunSample = { runId: string; wallMs: number; stepStarts: number[]; steps: number };

/**
 * Executes `runs` runs of `routineId` one after another with the engine (after `warmUp` uncounted ones): each is
 * queued and claimed first, then timed from execute() to its return. Every run must succeed.
 */
export async function measureSequential(
  routineId: string,
  runs: number,
  warmUp: number,
  log: (message: string) => void,
): Promise<RunSample[]> {
  const owner = processOwnerId();
  const { tools, model } = instantPorts();
  let current: { runId: string; started: number; stepStarts: number[] } | null = null;
  const sink: EventSink = {
    published(runId: string, events: RunEvent[]) {
      if (current?.runId !== runId) return;
      const at = performance.now() - current.started;
      for (const event of events) if (event.type === "step.started") current.stepStarts.push(at);
    },
  };
  const engine = createRunEngine({ store: createRunStore({ owner, leaseMs: LEASE_MS }), tools, model, sink });
  const samples: RunSample[] = [];
  for (let index = 0; index < warmUp + runs; index += 1) {
    const [runId] = await queueRuns(routineId, 1, INPUTS);
    const claimed = await claimRuns(owner, 1, LEASE_MS);
    if (claimed[0] !== runId)
      throw new Error(`Expected to claim run ${runId}, claimed ${claimed.join(", ") || "nothing"}.`);
    current = { runId, started: performance.now(), stepStarts: [] };
    const status = await engine.execute(runId);
    const wallMs = performance.now() - current.started;
    await releaseLease(owner, runId);
    if (status !== "succeeded") throw new Error(`Run ${runId} ended ${status}.`);
    if (index >= warmUp)
      samples.push({ runId, wallMs, stepStarts: current.stepStarts, steps: current.stepStarts.length });
    if ((index + 1) % 50 === 0) log(`  ${index + 1}/${warmUp + runs} runs (${warmUp} warm-up)`);
  }
  current = null;
  return samples;
}

export type ThroughputSample = {
  runs: number;
  steps: number;
  wallMs: number;
  stepsPerSecond: number;
  firstFinishMs: number;
  /** CPU this process used (user + system, every thread) from the worker's start to the last run's end. */
  cpuMs: number;
};

/**
 * Queues `runs` runs of `routineId` (each with `stepsPerRun` tool steps), then starts a run worker whose concurrency
 * is `runs` (the production worker: it claims them with leases, executes them with the engine and publishes on the
 * event bus), and times from its start to the last run.finished. Every run must succeed.
 */
export async function measureThroughput(
  routineId: string,
  runs: number,
  stepsPerRun: number,
): Promise<ThroughputSample> {
  const { tools, model } = instantPorts();
  const ids = new Set(await queueRuns(routineId, runs, INPUTS));
  const finished: number[] = [];
  let started = 0;
  let stop = () => {};
  const done = new Promise<void>((resolve, reject) => {
    stop = runEventBus.subscribeAll((events) => {
      for (const event of events) {
        if (event.type !== "run.finished" || !ids.has(event.runId)) continue;
        if (event.data.status !== "succeeded")
          return reject(new Error(`Run ${event.runId} ended ${event.data.status}: ${event.data.error ?? ""}`));
        finished.push(performance.now() - started);
        if (finished.length === ids.size) resolve();
      }
    });
  });
  const worker = buildRunWorker({
    enabled: true,
    concurrency: runs,
    leaseMs: LEASE_MS,
    pollMs: 3_600_000,
    tools,
    model,
  });
  started = performance.now();
  const cpuAtStart = process.cpuUsage();
  let cpuMs = 0;
  // start() claims what is queued at once.
  worker.start();
  try {
    await done;
    const used = process.cpuUsage(cpuAtStart);
    cpuMs = (used.user + used.system) / 1000;
  } finally {
    stop();
    await worker.stop();
  }
  const wallMs = finished[finished.length - 1];
  const steps = runs * stepsPerRun;
  return { runs, steps, wallMs, stepsPerSecond: steps / (wallMs / 1000), firstFinishMs: finished[0], cpuMs };
}
