import { checkEventInput, isFinished, type RunEvent, type RunEventInput, type RunStatus } from "../../../events";
import type { JsonValue, Routine } from "../../../routine";
import { applyChange } from "../apply-change";
import { DEFAULT_BUDGETS } from "../budgets";
import { WORKFLOW_PLAN, type ExecutionPlan } from "../execution-plan";
import {
  type ActorProfile,
  LeaseLostError,
  type Budgets,
  type RunChange,
  type RunControl,
  type RunSnapshot,
  type RunStore,
  type StepRunSnapshot,
} from "../ports";

/** A run as the in-memory store keeps it: the snapshot plus what the snapshot type leaves out. */
export type MemoryRun = {
  snapshot: RunSnapshot;
  outputs: Record<string, JsonValue> | null;
  error: string | null;
  finishedAt: Date | null;
  events: RunEvent[];
  variables: Map<string, { stepId: string; value: string }>;
  /** Every commit in order: what it changed and the events written with it. */
  commits: Array<{ change: RunChange; events: RunEvent[] }>;
};

export type NewMemoryRun = {
  id?: string;
  routine: Routine;
  inputs?: Record<string, JsonValue>;
  request?: string | null;
  budgets?: Partial<Budgets>;
  parent?: { runId: string; stepRunId: string };
  /** Default: workflow mode. */
  execution?: ExecutionPlan;
  /** The distractor routines an agent run's prompt carries (the store loads them by version id). */
  distractors?: Routine[];
  /** The actor the run works as. */
  actor?: ActorProfile | null;
};

/**
 * A RunStore in memory, for tests and benchmarks: the same contract as the database store (events numbered after
 * lastSeq, a change and its events applied together or not at all, unique variable keys, child runs started once
 * per parent step run, a finished child re-queues its waiting parent). Reads return copies.
 */
export class MemoryRunStore implements RunStore {
  private readonly runs = new Map<string, MemoryRun>();
  private readonly published = new Map<string, Routine>();
  private counter = 0;
  private lost = new Set<string>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Makes a routine available as a published sub-routine. */
  publish(routine: Routine): void {
    this.published.set(routine.id, routine);
  }

  /** Creates a queued run (with its run.queued event) and returns its id. */
  createRun(init: NewMemoryRun): string {
    const id = init.id ?? `run${++this.counter}`;
    const snapshot: RunSnapshot = {
      id,
      routineId: init.routine.id,
      versionId: `${init.routine.id}@1`,
      versionNumber: 1,
      routine: structuredClone(init.routine),
      plan: null,
      actor: structuredClone(init.actor ?? null),
      status: "queued",
      inputs: structuredClone(init.inputs ?? {}),
      request: init.request ?? null,
      budgets: { ...DEFAULT_BUDGETS, ...init.budgets },
      execution: structuredClone(init.execution ?? WORKFLOW_PLAN),
      distractors: structuredClone(init.distractors ?? []),
      inputTokens: 0,
      outputTokens: 0,
      stepsExecuted: 0,
      startedAt: null,
      control: null,
      parentRunId: init.parent?.runId ?? null,
      parentStepRunId: init.parent?.stepRunId ?? null,
      lastSeq: 0,
      steps: [],
    };
    this.runs.set(id, {
      snapshot,
      outputs: null,
      error: null,
      finishedAt: null,
      events: [],
      variables: new Map(),
      commits: [],
    });
    this.append(
      id,
      [
        {
          type: "run.queued",
          data: {
            routineId: init.routine.id,
            routineName: init.routine.name,
            versionNumber: 1,
            inputs: snapshot.inputs,
          },
        },
      ],
      {},
    );
    return id;
  }

  /** Replaces a run's stored state, e.g. with a snapshot a crashed worker left behind. */
  put(snapshot: RunSnapshot): void {
    const run = this.get(snapshot.id);
    run.snapshot = structuredClone(snapshot);
  }

  /** The whole stored run (live, not a copy), for assertions. */
  run(runId: string): MemoryRun {
    return this.get(runId);
  }

  events(runId: string): RunEvent[] {
    return structuredClone(this.get(runId).events);
  }

  /** Writes an operator's control request, as the server does. */
  setControl(runId: string, control: RunControl): void {
    this.get(runId).snapshot.control = control;
  }

  /** From now on commits for this run fail with LeaseLostError (another worker took it over). */
  loseLease(runId: string): void {
    this.lost.add(runId);
  }

  async load(runId: string): Promise<RunSnapshot | null> {
    const run = this.runs.get(runId);
    return run ? structuredClone(run.snapshot) : null;
  }

  async readControl(runId: string): Promise<RunControl> {
    return this.get(runId).snapshot.control;
  }

  async commit(runId: string, change: RunChange, events: RunEventInput[]): Promise<RunEvent[]> {
    if (this.lost.has(runId)) throw new LeaseLostError(runId);
    const run = this.get(runId);
    const checked = events.map(checkEventInput);
    for (const variable of change.variables ?? []) {
      if (run.variables.has(variable.key)) throw new Error(`Variable ${variable.key} already exists in run ${runId}.`);
    }
    const stored = this.append(runId, checked, change);
    const finished = change.run?.status !== undefined && isFinished(change.run.status);
    if (finished && run.snapshot.parentRunId) this.wake(run.snapshot.parentRunId);
    return structuredClone(stored);
  }

  async readVariable(runId: string, key: string): Promise<string | null> {
    return this.runs.get(runId)?.variables.get(key)?.value ?? null;
  }

  async startChildRun(
    parent: { runId: string; stepRunId: string },
    routineId: string,
    inputs: Record<string, JsonValue>,
  ): Promise<string> {
    for (const run of this.runs.values()) {
      if (run.snapshot.parentRunId === parent.runId && run.snapshot.parentStepRunId === parent.stepRunId)
        return run.snapshot.id;
    }
    const routine = this.published.get(routineId);
    if (!routine) throw new Error(`The routine ${routineId} has no published version.`);
    return this.createRun({ routine, inputs, parent, budgets: this.get(parent.runId).snapshot.budgets });
  }

  async childRun(
    childRunId: string,
  ): Promise<{ status: RunStatus; outputs: Record<string, JsonValue> | null; error: string | null } | null> {
    const run = this.runs.get(childRunId);
    if (!run) return null;
    return {
      status: run.snapshot.status,
      outputs: run.snapshot.status === "succeeded" ? structuredClone(run.outputs) : null,
      error: run.error,
    };
  }

  /** Step runs of a run, as stored. */
  steps(runId: string): StepRunSnapshot[] {
    return structuredClone(this.get(runId).snapshot.steps);
  }

  private get(runId: string): MemoryRun {
    const run = this.runs.get(runId);
    if (!run) throw new Error(`Run ${runId} does not exist.`);
    return run;
  }

  private append(runId: string, events: RunEventInput[], change: RunChange): RunEvent[] {
    const run = this.get(runId);
    const at = new Date(this.now()).toISOString();
    const stored = events.map(
      (event, index) =>
        ({ runId, seq: run.snapshot.lastSeq + index + 1, at, type: event.type, data: event.data }) as RunEvent,
    );
    applyChange(run.snapshot, structuredClone(change));
    if (change.run?.outputs !== undefined) run.outputs = structuredClone(change.run.outputs);
    if (change.run?.error !== undefined) run.error = change.run.error;
    if (change.run?.finishedAt !== undefined) run.finishedAt = change.run.finishedAt;
    for (const variable of change.variables ?? [])
      run.variables.set(variable.key, { stepId: variable.stepId, value: variable.value });
    run.snapshot.lastSeq += stored.length;
    run.events.push(...stored);
    run.commits.push({ change: structuredClone(change), events: stored });
    return stored;
  }

  /** A finished child re-queues its parent if the parent waits, as the database store does. */
  private wake(parentRunId: string): void {
    const parent = this.runs.get(parentRunId);
    if (!parent || parent.snapshot.status !== "waiting") return;
    this.append(
      parentRunId,
      [checkEventInput({ type: "run.status", data: { status: "queued", reason: "A sub-routine finished." } })],
      { run: { status: "queued" } },
    );
  }
}
