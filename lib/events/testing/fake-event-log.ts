import { RunEventBus } from "../bus";
import { checkEventInput, type RunEvent, type RunEventInput } from "../run-events";

/**
 * An in-memory run_event table with the engine's commit-then-publish order, for stream tests: `commit` stores the
 * events (numbered after the last) and `publish` tells the bus; tests may commit without publishing (a lost
 * notification) or publish later.
 */
export class FakeEventLog {
  readonly bus = new RunEventBus();
  readonly events: RunEvent[] = [];
  pageReads = 0;

  constructor(readonly runId = "run-1") {}

  commit(inputs: RunEventInput[]): RunEvent[] {
    const stored = inputs.map((input, index) => {
      const { type, data } = checkEventInput(input);
      return {
        runId: this.runId,
        seq: this.events.length + index + 1,
        at: new Date(Date.UTC(2026, 10, 1, 0, 0, this.events.length + index)).toISOString(),
        type,
        data,
      } as RunEvent;
    });
    this.events.push(...stored);
    return stored;
  }

  commitAndPublish(inputs: RunEventInput[]): RunEvent[] {
    const stored = this.commit(inputs);
    this.bus.publish(this.runId, stored);
    return stored;
  }

  /**
   * Reads a page as the table would. With `slow`, the read waits a macrotask before and after taking its snapshot,
   * so the engine's commits interleave with it: some land in the page and the live buffer both, some only in the
   * buffer, as with a real database.
   */
  loadPage = async (afterSeq: number, limit: number): Promise<RunEvent[]> => {
    this.pageReads += 1;
    if (this.slow) await macrotask();
    const page = this.events.filter((event) => event.seq > afterSeq).slice(0, limit);
    await (this.slow ? macrotask() : Promise.resolve());
    return page;
  };

  slow = false;

  subscribe = (listener: (events: RunEvent[]) => void) => this.bus.subscribe(this.runId, listener);
}

const macrotask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A step event input for tests: `step.succeeded` of step `s<n>`. */
export const stepDone = (n: number): RunEventInput => ({
  type: "step.succeeded",
  data: { stepRunId: `sr${n}`, stepId: `s${n}`, iteration: 1, durationMs: n },
});
export const runFinished = (): RunEventInput => ({
  type: "run.finished",
  data: { status: "succeeded", durationMs: 10, inputTokens: 0, outputTokens: 0 },
});
