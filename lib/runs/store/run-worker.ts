import "server-only";
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { RunStatus } from "../../events";
import { errorMessage, LeaseLostError, type RunControl } from "../engine";
import { DatabaseUnavailableError } from "../../db/core";
import { failRunOnError } from "./run-failure";
import type { RunHeartbeat } from "./run-heartbeat";
import { releaseLease, renewLeases } from "./run-leases";
import { onRunControl, onRunWork } from "./run-wake";
import { tableWorkSource, type ClaimedRun, type RunWorkSource } from "./run-work-sources";

/** What the worker needs of the engine (lib/runs/engine's RunEngine fits); `drain` asks it to stop between steps. */
export type RunExecutor = {
  execute(runId: string, signal?: AbortSignal, control?: { drain?: AbortSignal }): Promise<RunStatus>;
};

export type RunWorkerOptions = {
  /** Executes runs; the store it writes through must commit as `owner`. */
  engine: RunExecutor;
  /** This worker's lease owner id: `<host>/<pid>/<random>`, so a later process on the host can tell it died. */
  owner: string;
  /** Runs executed at once. */
  concurrency: number;
  /** How long a claim lasts without renewal; renewed every third of it while a run executes. */
  leaseMs: number;
  /** The fallback poll for work nobody woke the worker for (another process queued it, a lease expired). */
  pollMs: number;
  /** Tells operators the worker is alive and what it holds (the run_worker table); none in unit tests. */
  heartbeat?: RunHeartbeat;
  /** Where runs come from: the run table (the default) or the run queue. */
  source?: RunWorkSource;
  /** Wake-ups from other processes (a commit that queued a run on PostgreSQL), started and stopped with the worker. */
  wakeups?: { start(wake: () => void): void; stop(): Promise<void> };
  log?: Pick<Console, "info" | "warn" | "error">;
};

export type RunWorkerStopOptions = {
  /**
   * How long the runs in flight may take to finish the step they are on before they are aborted; 0 (the default)
   * aborts them at once. Either way they stop between writes, stay `running`, and their leases are given back.
   */
  graceMs?: number;
};

export type RunWorker = {
  readonly owner: string;
  /** Starts claiming runs (at once: runs left running by a process that died are resumed now). */
  start(): void;
  /** Claims runnable runs up to the concurrency limit; what wake-ups and the poll call. */
  wake(): void;
  /**
   * Stops claiming at once; lets each run in flight finish its current step within `graceMs`, then aborts what is
   * left without writing. The runs stay `running` and their leases are given back, so another worker resumes them
   * at once; the worker is then marked stopped. Calling it again returns the same stop.
   */
  stop(options?: RunWorkerStopOptions): Promise<void>;
  /** The ids of the runs executing now. */
  active(): string[];
};

/** A lease owner id for this process: the host and pid let a later process on the same host see that it died. */
export function processOwnerId(): string {
  return `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
}

/**
 * The run worker: claims queued runs (and runs whose worker died) with a lease, executes them with the engine
 * under a concurrency limit, renews the leases while they execute, and hands an operator's pause or cancel to the
 * run in flight at once. Woken in-process by startRun and the controls, and polls slowly for the rest.
 */
export function createRunWorker(options: RunWorkerOptions): RunWorker {
  const log = options.log ?? console;
  const source = options.source ?? tableWorkSource;
  const running = new Map<string, { controller: AbortController; drain: AbortController; done: Promise<void> }>();
  let started = false;
  let stopping: Promise<void> | null = null;
  let filling: Promise<void> | null = null;
  let again = false;
  let pollTimer: NodeJS.Timeout | undefined;
  let renewTimer: NodeJS.Timeout | undefined;
  let stopWaking = () => {};
  let stopControl = () => {};

  async function fill(): Promise<void> {
    const free = options.concurrency - running.size;
    if (stopping || free <= 0) return;
    const claimed = await source.claim(options.owner, free, options.leaseMs);
    // A stop that began during the claim: hand the new runs straight back (to the queue) rather than start them.
    if (stopping) {
      await Promise.all(claimed.filter(({ runId }) => !running.has(runId)).map((run) => release(run)));
      return;
    }
    // A run this worker still executes can come back when its lease lapsed during a long blocking step (the claim
    // renews it for us): it must not be executed twice.
    for (const run of claimed) {
      if (!running.has(run.runId)) launch(run);
      else void finish(run);
    }
  }

  /** Claims work now, or right after the claim in progress (a wake-up during one is never lost). */
  function wake(): void {
    if (!started || stopping) return;
    if (filling) {
      again = true;
      return;
    }
    again = false;
    filling = fill()
      .catch((error: unknown) => log.error(`[runs] claiming runs failed: ${errorMessage(error)}`))
      .finally(() => {
        filling = null;
        if (again) wake();
      });
  }

  function launch(run: ClaimedRun): void {
    const { runId } = run;
    const controller = new AbortController();
    const drain = new AbortController();
    const done = execute(run, controller.signal, drain.signal).finally(() => {
      running.delete(runId);
      wake();
    });
    running.set(runId, { controller, drain, done });
  }

  async function execute(run: ClaimedRun, signal: AbortSignal, drain: AbortSignal): Promise<void> {
    const { runId } = run;
    try {
      await options.engine.execute(runId, signal, { drain });
    } catch (error) {
      if (error instanceof LeaseLostError) {
        log.warn(`[runs] run ${runId} was taken over by another worker`);
        return finish(run);
      }
      // A busy or unreachable database: keep the lease, so the run is tried again once it expires, not in a loop.
      if (error instanceof DatabaseUnavailableError) {
        log.error(`[runs] run ${runId} stopped: ${error.message}`);
        return finish(run);
      }
      log.error(`[runs] run ${runId} failed unexpectedly: ${errorMessage(error)}`);
      await failRunOnError(runId, options.owner, error).catch((failure: unknown) =>
        log.error(`[runs] run ${runId} could not be marked failed: ${errorMessage(failure)}`),
      );
    }
    await release(run);
  }

  /** Gives the run back (re-queued if it is still runnable) and finishes its job. */
  async function release(run: ClaimedRun): Promise<void> {
    await releaseLease(options.owner, run.runId).catch((error: unknown) =>
      log.error(`[runs] the lease on run ${run.runId} could not be released: ${errorMessage(error)}`),
    );
    await finish(run);
  }

  /** Finishes the run's queue job, if it came with one (what the sweeper repairs when this fails). */
  function finish(run: ClaimedRun): Promise<void> {
    return (run.done?.() ?? Promise.resolve()).catch((error: unknown) =>
      log.error(`[runs] the queue job of run ${run.runId} could not be completed: ${errorMessage(error)}`),
    );
  }

  async function renew(): Promise<void> {
    const lost = await renewLeases(options.owner, [...running.keys()], options.leaseMs);
    for (const runId of lost) running.get(runId)?.controller.abort("lease-lost");
  }

  function control(runId: string, request: RunControl): void {
    const entry = running.get(runId);
    if (entry && request && !entry.controller.signal.aborted) entry.controller.abort(request);
  }

  /**
   * Claims stop at once; leases are renewed and operators' pause and cancel still reach the runs while they drain,
   * so a long drain neither loses a run to another worker nor ignores an operator.
   */
  async function shutDown(graceMs: number): Promise<void> {
    clearInterval(pollTimer);
    stopWaking();
    await filling;
    if (running.size > 0 && graceMs > 0) {
      log.info(`[runs] stopping: ${running.size} run(s) finish their current step (up to ${graceMs} ms)`);
      for (const { drain } of running.values()) drain.abort();
      await settledWithin(
        [...running.values()].map((entry) => entry.done),
        graceMs,
      );
    }
    for (const { controller } of running.values()) controller.abort("shutdown");
    await Promise.allSettled([...running.values()].map((entry) => entry.done));
    clearInterval(renewTimer);
    stopControl();
    await options.wakeups?.stop();
    await options.heartbeat?.stop();
  }

  return {
    owner: options.owner,
    start() {
      if (started) return;
      started = true;
      stopWaking = onRunWork(wake);
      stopControl = onRunControl(control);
      renewTimer = setInterval(
        () => renew().catch((error: unknown) => log.error(`[runs] renewing leases failed: ${errorMessage(error)}`)),
        Math.max(100, options.leaseMs / 3),
      );
      // A worker with no free slot has nothing to look for: the poll (and its repair) waits until one frees up.
      pollTimer = setInterval(() => {
        if (running.size < options.concurrency) sweep();
      }, options.pollMs);
      renewTimer.unref?.();
      pollTimer.unref?.();
      void options.heartbeat?.start(() => [...running.keys()]);
      options.wakeups?.start(wake);
      sweep();
    },
    wake,
    stop(stopOptions = {}) {
      if (!started) return Promise.resolve();
      stopping ??= shutDown(Math.max(0, stopOptions.graceMs ?? 0));
      return stopping;
    },
    active: () => [...running.keys()],
  };

  function sweep(): void {
    source
      .sweep()
      .catch((error: unknown) =>
        log.error(`[runs] checking for runs of stopped workers failed: ${errorMessage(error)}`),
      )
      .finally(wake);
  }
}

/** Resolves when every promise has settled or after `ms`, whichever comes first. */
async function settledWithin(promises: Array<Promise<unknown>>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([Promise.allSettled(promises), new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}
