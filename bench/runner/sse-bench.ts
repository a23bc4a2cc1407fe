import { storedEvents } from "./database";
import type { InstantMcpServer } from "./instant-mcp";
import { watchRun, type Watcher } from "./sse-client";

// Part 3 of the runner benchmark: latency from a commit to the clients watching the run over SSE, and whether
// any of them lost or received twice an event the table holds.

export type SseRun = {
  watchers: number;
  runId: string;
  /** The seq the run stood at while held; events after it were committed with every watcher connected. */
  heldSeq: number;
  storedEvents: number;
  /** Per watcher and event committed after the release: receive time − the event's `at` (ms). */
  latenciesMs: number[];
  /** Stored events some watcher never received, summed over watchers. */
  lost: number;
  /** Events some watcher received more than once (each extra copy counts), summed over watchers. */
  duplicated: number;
  /** Connecting all watchers and their replay up to the held seq. */
  connectMs: number;
};

export type SseContext = { baseUrl: string; token: string; routineId: string; mcp: InstantMcpServer };

const TIMEOUT_MS = 60_000;

async function within<T>(promise: Promise<T>, what: string, ms = TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`Timed out after ${ms} ms: ${what}.`)), ms)),
  );
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function startRun(context: SseContext): Promise<string> {
  const response = await fetch(`${context.baseUrl}/api/runs`, {
    method: "POST",
    headers: { authorization: `Bearer ${context.token}`, "content-type": "application/json" },
    body: JSON.stringify({ routineId: context.routineId, inputs: { seed: "sse" } }),
  });
  const body = (await response.json()) as { runId?: string; error?: string };
  if (response.status !== 201 || !body.runId)
    throw new Error(`POST /api/runs answered ${response.status}: ${body.error ?? JSON.stringify(body)}`);
  return body.runId;
}

async function caughtUp(watchers: Watcher[], seq: number): Promise<void> {
  while (watchers.some((watcher) => watcher.maxSeq() < seq)) await new Promise((resolve) => setTimeout(resolve, 10));
}

/**
 * Starts a run (POST /api/runs with the operator's token) that the instant server's hold tool keeps at its first
 * step, connects `count` watchers and waits until each has replayed everything stored so far, then releases the
 * run and follows its remaining steps to run.finished. Compares every watcher's events with the run_event rows.
 */
export async function measureWatchers(context: SseContext, count: number): Promise<SseRun> {
  const gate = context.mcp.hold();
  let watchers: Watcher[] = [];
  try {
    const runId = await startRun(context);
    await within(gate.reached, "the run to reach its hold step");
    const heldSeq = (await storedEvents(runId)).at(-1)?.seq ?? 0;
    const connecting = Date.now();
    watchers = Array.from({ length: count }, () => watchRun(context.baseUrl, runId, context.token));
    // A refused stream (429, 404) ends its watcher at once: fail fast rather than wait for the replay.
    const refused = Promise.all(watchers.map((watcher) => watcher.ended)).then(() => {
      throw new Error("Every stream ended before the run was released.");
    });
    await within(Promise.race([caughtUp(watchers, heldSeq), refused]), `${count} watchers to connect and replay`);
    const connectMs = Date.now() - connecting;
    gate.release();
    await within(Promise.all(watchers.map((watcher) => watcher.ended)), "every watcher to receive run.finished");

    const stored = await storedEvents(runId);
    const latenciesMs: number[] = [];
    let lost = 0;
    let duplicated = 0;
    for (const watcher of watchers) {
      const seen = new Map<number, number>();
      for (const event of watcher.received) {
        seen.set(event.seq, (seen.get(event.seq) ?? 0) + 1);
        if (event.seq > heldSeq) latenciesMs.push(event.receivedAt - event.at);
      }
      for (const row of stored) if (!seen.has(row.seq)) lost += 1;
      for (const copies of seen.values()) duplicated += copies - 1;
    }
    if (stored.at(-1)?.type !== "run.finished") throw new Error(`Run ${runId} has no run.finished event.`);
    return { watchers: count, runId, heldSeq, storedEvents: stored.length, latenciesMs, lost, duplicated, connectMs };
  } finally {
    gate.release();
    for (const watcher of watchers) watcher.close();
  }
}
