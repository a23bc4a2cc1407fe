import { percentile, round } from "../lib/stats";
import type { BatchSample } from "./batch";

/**
 * CPU per step (ms): the cores the workers, PostgreSQL and the web server kept busy over the batch's wall time,
 * spread over its steps (the benchmark process itself, which plays the clients, is left out). Null without /proc.
 */
export function cpuMsPerStep(sample: BatchSample): number | null {
  if (!sample.cpu) return null;
  const cores = sample.cpu.workers + sample.cpu.postgres + sample.cpu.webServer;
  return round((cores * sample.wallMs) / (sample.runs * sample.stepsPerRun), 2);
}

const stepsPerSecond = (sample: BatchSample) => round((sample.runs * sample.stepsPerRun) / (sample.wallMs / 1000));

/** The figures for one worker count, then the detail behind them. */
function forCount(sample: BatchSample) {
  const seconds = sample.wallMs / 1000;
  return {
    count: sample.workers,
    stepsPerSecond: stepsPerSecond(sample),
    cpuMsPerStep: cpuMsPerStep(sample),
    queueWaitP95Ms: round(percentile(sample.queueWaitsMs, 95), 1),
    sseP95Ms: round(percentile(sample.sseLatenciesMs, 95), 1),
    wallSeconds: round(seconds, 2),
    queueWaitP50Ms: round(percentile(sample.queueWaitsMs, 50), 1),
    queueWaitMaxMs: round(Math.max(...sample.queueWaitsMs), 1),
    sseP50Ms: round(percentile(sample.sseLatenciesMs, 50), 1),
    sseMaxMs: round(Math.max(...sample.sseLatenciesMs), 1),
    sseDeliveries: sample.sseLatenciesMs.length,
    watchedRuns: sample.watchedRuns,
    sseLost: sample.sseLost,
    sseDuplicated: sample.sseDuplicated,
    queueMs: sample.queueMs,
    peakConnections: sample.peakConnections,
    /** Cores busy on average while the batch ran, by role ("other": anything else on the machine). */
    cpuCores: sample.cpu,
  };
}

/** The round of median wall time: the figures reported for a worker count (the others are listed beside them). */
export function medianRound(rounds: readonly BatchSample[]): BatchSample {
  return [...rounds].sort((a, b) => a.wallMs - b.wallMs)[Math.floor((rounds.length - 1) / 2)]!;
}

/**
 * The benchmark's one-line result: `workers` (one entry per count, in order: the median round's figures and every
 * round's steps/s and CPU per step) and the relative scaling.
 */
export function summarize(roundsPerCount: BatchSample[][]) {
  const workers = roundsPerCount.map((rounds) => ({
    ...forCount(medianRound(rounds)),
    rounds: rounds.map((sample) => ({
      stepsPerSecond: stepsPerSecond(sample),
      cpuMsPerStep: cpuMsPerStep(sample),
    })),
  }));
  const base = workers[0]?.stepsPerSecond ?? Number.NaN;
  return {
    workers,
    /** Steps/s of each count over the first count's: 1 means adding workers bought nothing. */
    speedup: Object.fromEntries(workers.map((entry) => [entry.count, round(entry.stepsPerSecond / base, 2)])),
  };
}
