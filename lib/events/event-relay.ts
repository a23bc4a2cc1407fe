import type { RunEventBus } from "./bus";
import { isReadable, type StoredRunEvent } from "./stored-events";

/** What the relay reads of the run tables: the truth that notifications only point at. */
export type RelayReads = {
  /** The stored lastSeq of each of these runs (unknown ids left out). */
  lastSeqs(runIds: readonly string[]): Promise<Map<string, number>>;
  /**
   * For listeners of every run: the runs with events stored after `cursor` (the newest seq of each), and the cursor
   * to pass next time. A null cursor starts from now (nothing earlier is reported).
   */
  changedRuns(cursor: string | null): Promise<{ runs: Map<string, number>; cursor: string | null }>;
  /**
   * For each run asked: its stored events with seq > afterSeq, oldest first, at most `limit` each (those it could
   * not read too). One call for all the runs of a pass: on PostgreSQL it is one statement, not one per run.
   */
  eventsAfter(reads: readonly EventsAfter[], limit: number): Promise<Map<string, StoredRunEvent[]>>;
};

/** One run's read in RelayReads.eventsAfter. */
export type EventsAfter = { runId: string; afterSeq: number };

export type EventRelayOptions = {
  bus: RunEventBus;
  reads: RelayReads;
  /** How often the tables are read when nothing woke the relay sooner. */
  everyMs: number;
  /** Events read per run and pass (the streams read the rest back from the table themselves). */
  pageSize?: number;
  log?: Pick<Console, "error">;
};

export type EventRelay = {
  /** Reads the tables now (a notification from another process said a run has new events); coalesced. */
  poke(): void;
  stop(): void;
};

/**
 * Brings events committed by other processes (a run worker started with `npm run worker`, another web server) to
 * this process's bus, so live streams and the runs list see them (issue #17). Events of runs executed here reach
 * the bus directly; the relay tracks the last seq it saw per run and, for runs someone here listens to, publishes
 * what the tables hold beyond it. The tables are the truth: a notification (PostgreSQL NOTIFY) only calls poke(),
 * and the periodic pass catches up on any notification that was missed.
 *
 * A run seen for the first time is published from its latest stored event, not its first: a stream that already
 * has it skips it, and one that lacks earlier events sees a hole and reads them back from the table (see
 * createRunEventStream), so nothing is sent twice and nothing is missed.
 */
export function startEventRelay(options: EventRelayOptions): EventRelay {
  const { bus, reads } = options;
  const pageSize = options.pageSize ?? 200;
  const seen = new Map<string, number>();
  let cursor: string | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  // Everything on the bus, whoever published it, counts as seen. (This listener is not counted as a listener below.)
  const stopHearing = bus.subscribeAll((events) => {
    for (const event of events) if (event.seq > (seen.get(event.runId) ?? 0)) seen.set(event.runId, event.seq);
  });

  async function pass(): Promise<void> {
    const stored = new Map<string, number>();
    const watched = bus.subscribedRunIds();
    if (watched.length > 0) for (const [id, seq] of await reads.lastSeqs(watched)) stored.set(id, seq);
    // Listeners of every run besides this relay: the runs list, an evaluation waiting for its runs.
    if (bus.allListenerCount() > 1) {
      const changed = await reads.changedRuns(cursor);
      cursor = changed.cursor;
      for (const [id, seq] of changed.runs) stored.set(id, Math.max(seq, stored.get(id) ?? 0));
    } else cursor = null;
    // The new events of every changed run are read in one call, then published run by run.
    const reading: EventsAfter[] = [];
    for (const [runId, lastSeq] of stored) {
      const known = seen.get(runId);
      if (known !== undefined && lastSeq <= known) continue;
      reading.push({ runId, afterSeq: known ?? lastSeq - 1 });
    }
    const read = reading.length > 0 ? await reads.eventsAfter(reading, pageSize) : new Map<string, StoredRunEvent[]>();
    for (const { runId } of reading) {
      const events = read.get(runId) ?? [];
      // Published only when still new: the engine here may have published them while the table was read. An event
      // this server cannot read is not published but counts as seen (else every pass would read it again); a
      // stream that misses its seq reads the table back and sends it as unreadable.
      const fresh = events.filter((event) => event.seq > (seen.get(runId) ?? 0));
      const last = fresh.at(-1);
      if (last && !isReadable(last)) seen.set(runId, last.seq);
      const readable = fresh.filter(isReadable);
      if (readable.length > 0) bus.publish(runId, readable);
    }
    forgetUnwatched(stored);
  }

  // Keeps the map to the runs still of interest, so a long-lived server does not remember every run it ever saw.
  function forgetUnwatched(stored: Map<string, number>): void {
    if (seen.size < 10_000) return;
    const watched = new Set(bus.subscribedRunIds());
    for (const runId of seen.keys()) if (!watched.has(runId) && !stored.has(runId)) seen.delete(runId);
  }

  function poke(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    again = false;
    running = pass()
      .catch((error: unknown) => options.log?.error(`[events] reading new run events failed: ${String(error)}`))
      .finally(() => {
        running = null;
        if (again) poke();
      });
  }

  const timer = setInterval(poke, options.everyMs);
  timer.unref?.();
  return {
    poke,
    stop() {
      stopped = true;
      clearInterval(timer);
      stopHearing();
    },
  };
}
