import { afterEach, describe, expect, it } from "vitest";
import { RunEventBus } from "../bus";
import { startEventRelay, type EventRelay, type EventsAfter, type RelayReads } from "../event-relay";
import type { RunEvent } from "../run-events";
import type { StoredRunEvent } from "../stored-events";

/** The run tables as another process leaves them: events stored, never published on this process's bus. */
class StoredEvents implements RelayReads {
  readonly rows: StoredRunEvent[] = [];
  reads = 0;
  store(runId: string, count: number): RunEvent[] {
    const last = this.rows.filter((row) => row.runId === runId).length;
    const added = Array.from({ length: count }, (_, index) => event(runId, last + index + 1));
    this.rows.push(...added);
    return added;
  }
  async lastSeqs(runIds: readonly string[]) {
    this.reads += 1;
    const seqs = new Map<string, number>();
    for (const row of this.rows) if (runIds.includes(row.runId)) seqs.set(row.runId, row.seq);
    return seqs;
  }
  async changedRuns(cursor: string | null) {
    this.reads += 1;
    const after = cursor === null ? this.rows.length : Number(cursor);
    const runs = new Map<string, number>();
    for (const row of this.rows.slice(after)) runs.set(row.runId, row.seq);
    return { runs, cursor: String(this.rows.length) };
  }
  async eventsAfter(reads: readonly EventsAfter[], limit: number) {
    return new Map(
      reads.map(({ runId, afterSeq }) => [
        runId,
        this.rows.filter((row) => row.runId === runId && row.seq > afterSeq).slice(0, limit),
      ]),
    );
  }
}

const event = (runId: string, seq: number): RunEvent =>
  ({ runId, seq, at: new Date(0).toISOString(), type: "run.status", data: { status: "running" } }) as RunEvent;

let relay: EventRelay | undefined;
afterEach(() => relay?.stop());

/** Starts a relay that only passes when poked, and a way to wait for the pass to end. */
function relayOver(bus: RunEventBus, table: StoredEvents) {
  relay = startEventRelay({ bus, reads: table, everyMs: 3_600_000 });
  return async () => {
    relay!.poke();
    // A pass is a few awaited reads: let them settle.
    for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  };
}

describe("the event relay", () => {
  it("brings events another process stored to this process's listeners of that run, each once and in order", async () => {
    const bus = new RunEventBus();
    const table = new StoredEvents();
    const pass = relayOver(bus, table);
    const heard: number[] = [];
    bus.subscribe("run-1", (events) => heard.push(...events.map((e) => e.seq)));
    table.store("run-1", 2);
    table.store("run-2", 3);
    await pass();
    // First seen: from its latest event (a stream that lacks seq 1 reads it back from the table itself).
    expect(heard).toEqual([2]);
    table.store("run-1", 3);
    await pass();
    await pass();
    expect(heard).toEqual([2, 3, 4, 5]);
  });

  it("publishes the events it can read, and counts an unreadable one as seen without publishing it", async () => {
    const bus = new RunEventBus();
    const table = new StoredEvents();
    const pass = relayOver(bus, table);
    const heard: string[] = [];
    bus.subscribe("run-1", (events) => heard.push(...events.map((e) => `${e.seq} ${e.type}`)));
    table.store("run-1", 1);
    await pass();
    table.store("run-1", 1);
    table.rows.push({
      ...event("run-1", 3),
      type: "unreadable",
      data: { type: "step.exploded", version: 1, reason: "?" },
    });
    let reads = 0;
    const eventsAfter = table.eventsAfter.bind(table);
    table.eventsAfter = async (...args) => {
      reads += 1;
      return eventsAfter(...args);
    };
    await pass();
    await pass();
    // A stream that misses seq 3 reads it back from the table and sends it as unreadable; the relay reads it once.
    expect(heard).toEqual(["1 run.status", "2 run.status"]);
    expect(reads).toBe(1);
  });

  it("does not publish again what this process's engine already published", async () => {
    const bus = new RunEventBus();
    const table = new StoredEvents();
    const pass = relayOver(bus, table);
    const heard: number[] = [];
    bus.subscribe("run-1", (events) => heard.push(...events.map((e) => e.seq)));
    bus.publish("run-1", table.store("run-1", 3));
    await pass();
    expect(heard).toEqual([1, 2, 3]);
  });

  it("gives listeners of every run (the runs list) the events of runs that changed since the last pass", async () => {
    const bus = new RunEventBus();
    const table = new StoredEvents();
    const pass = relayOver(bus, table);
    table.store("old-run", 4);
    const heard: string[] = [];
    bus.subscribeAll((events) => heard.push(...events.map((e) => `${e.runId}#${e.seq}`)));
    await pass();
    table.store("run-a", 1);
    table.store("old-run", 1);
    await pass();
    expect(heard.sort()).toEqual(["old-run#5", "run-a#1"]);
  });

  it("reads nothing while nobody in this process listens", async () => {
    const bus = new RunEventBus();
    const table = new StoredEvents();
    const pass = relayOver(bus, table);
    table.store("run-1", 2);
    await pass();
    expect(table.reads).toBe(0);
  });
});
