import { checkEventInput, type RunEvent, type RunEventInput } from "../../events";
import { applyChange } from "./apply-change";
import type { EventSink, RunChange, RunSnapshot, RunStore, StepRunSnapshot } from "./ports";

/**
 * The engine's only way to write: each change goes to the store together with its events in one commit, then the
 * engine's own snapshot takes the same change (so it never reloads), then listeners are told. A commit that throws
 * (LeaseLostError, a database error) leaves the snapshot as it was and stops the run's progress.
 */
export class RunWriter {
  constructor(
    private readonly store: RunStore,
    private readonly sink: EventSink | undefined,
    readonly snapshot: RunSnapshot,
  ) {}

  async commit(change: RunChange, events: RunEventInput[]): Promise<RunEvent[]> {
    const checked = events.map(checkEventInput);
    const stored = await this.store.commit(this.snapshot.id, change, checked);
    applyChange(this.snapshot, change);
    if (stored.length > 0) this.snapshot.lastSeq = stored[stored.length - 1].seq;
    try {
      this.sink?.published(this.snapshot.id, stored);
    } catch {
      // A listener's failure must not stop the run: the events are stored and will be replayed from the table.
    }
    return stored;
  }

  /** The step run with this id, as the snapshot holds it (the object stays current across commits). */
  stepRun(id: string): StepRunSnapshot {
    const run = this.snapshot.steps.find((step) => step.id === id);
    if (!run) throw new Error(`Step run ${id} is not part of run ${this.snapshot.id}.`);
    return run;
  }
}

/** The step fields every step event carries. */
export function stepRef(run: Pick<StepRunSnapshot, "id" | "stepId" | "iteration">) {
  return { stepRunId: run.id, stepId: run.stepId, iteration: run.iteration };
}
