// What must hold after a chaos test, as lists of problems (empty when all is well), so a failure names every run and
// step that broke a rule at once. Plain rows in, so the same checks read SQLite or PostgreSQL through Prisma.
import { payloadData } from "../../../events/testing/stored-payload";

export type CheckedRun = { id: string; status: string; leaseOwner: string | null; leaseUntil: Date | null };
export type CheckedStepRun = { id: string; runId: string; stepId: string; iteration: number; state: string };
export type CheckedEvent = { runId: string; seq: number; type: string; payload: string };
/** A side effect the tool server counted: how often it really ran for one tool and idempotency key. */
export type CountedSideEffect = { tool: string; idempotencyKey: string; count: number };

type StepRef = { stepRunId: string; stepId: string; iteration: number };

function byRun<T extends { runId: string }>(rows: readonly T[]): Map<string, T[]> {
  const grouped = new Map<string, T[]>();
  for (const row of rows) grouped.set(row.runId, [...(grouped.get(row.runId) ?? []), row]);
  return grouped;
}

/**
 * Every run succeeded and holds no lease (the commit that finishes a run ends it); its events are numbered 1..n without
 * gap or repeat; each (step, iteration) succeeded once, in one step run and one step.succeeded event; and no step
 * started again after it succeeded. `stepIds` are the routine's steps, each of which every run must have succeeded.
 */
export function runProblems(
  runs: readonly CheckedRun[],
  stepRuns: readonly CheckedStepRun[],
  events: readonly CheckedEvent[],
  stepIds: readonly string[],
): string[] {
  const problems: string[] = [];
  const stepsOf = byRun(stepRuns);
  const eventsOf = byRun(events);
  for (const run of runs) {
    const at = `run ${run.id}`;
    if (run.status !== "succeeded") problems.push(`${at} is ${run.status}, not succeeded`);
    if (run.leaseOwner !== null || run.leaseUntil !== null)
      problems.push(`${at} is still leased by ${run.leaseOwner} until ${run.leaseUntil?.toISOString()}`);

    const seqs = (eventsOf.get(run.id) ?? []).map((event) => event.seq).sort((a, b) => a - b);
    if (seqs.some((seq, index) => seq !== index + 1)) problems.push(`${at} has event seqs ${seqs.join(",")}`);

    const succeededRows = new Map<string, number>();
    for (const step of stepsOf.get(run.id) ?? []) {
      if (step.state !== "succeeded") continue;
      const slot = `${step.stepId}#${step.iteration}`;
      succeededRows.set(slot, (succeededRows.get(slot) ?? 0) + 1);
    }
    const succeededEvents = new Map<string, number>();
    const succeededStepRuns = new Set<string>();
    for (const event of (eventsOf.get(run.id) ?? []).sort((a, b) => a.seq - b.seq)) {
      if (event.type !== "step.started" && event.type !== "step.succeeded") continue;
      const step = payloadData(event.payload) as StepRef;
      if (event.type === "step.started" && succeededStepRuns.has(step.stepRunId))
        problems.push(`${at}: step ${step.stepId} started again (seq ${event.seq}) after it succeeded`);
      if (event.type !== "step.succeeded") continue;
      succeededStepRuns.add(step.stepRunId);
      const slot = `${step.stepId}#${step.iteration}`;
      succeededEvents.set(slot, (succeededEvents.get(slot) ?? 0) + 1);
    }
    for (const slot of new Set([
      ...stepIds.map((id) => `${id}#1`),
      ...succeededRows.keys(),
      ...succeededEvents.keys(),
    ])) {
      const rows = succeededRows.get(slot) ?? 0;
      const told = succeededEvents.get(slot) ?? 0;
      if (rows !== 1 || told !== 1)
        problems.push(`${at}: step ${slot} has ${rows} succeeded step runs and ${told} step.succeeded events, not 1`);
    }
  }
  return problems;
}

/**
 * Each expected side effect (idempotency key → tool) ran exactly once at the tool server, and the server ran no
 * other: a key it counted that no step run explains is a call the engine made under a key it then forgot.
 */
export function sideEffectProblems(
  expected: ReadonlyMap<string, string>,
  counted: readonly CountedSideEffect[],
): string[] {
  const problems: string[] = [];
  const seen = new Map(counted.map((entry) => [entry.idempotencyKey, entry]));
  for (const [key, tool] of expected) {
    const entry = seen.get(key);
    if (!entry) problems.push(`${tool} under key ${key} never ran`);
    else if (entry.tool !== tool || entry.count !== 1)
      problems.push(`${entry.tool} under key ${key} ran ${entry.count} times`);
  }
  for (const entry of counted)
    if (!expected.has(entry.idempotencyKey))
      problems.push(`${entry.tool} ran ${entry.count} times under key ${entry.idempotencyKey}, which no step run has`);
  return problems;
}

/** The runs, each with its status, lease and last events: what a timeout message shows of runs that did not finish. */
export function describeRuns(runs: readonly CheckedRun[], events: readonly CheckedEvent[], last = 4): string {
  const eventsOf = byRun(events);
  return runs
    .map((run) => {
      const tail = (eventsOf.get(run.id) ?? [])
        .sort((a, b) => a.seq - b.seq)
        .slice(-last)
        .map((event) => `    #${event.seq} ${event.type} ${event.payload.slice(0, 160)}`);
      const lease = run.leaseOwner ? `leased by ${run.leaseOwner} until ${run.leaseUntil?.toISOString()}` : "no lease";
      return [`  run ${run.id}: ${run.status}, ${lease}`, ...tail].join("\n");
    })
    .join("\n");
}

/** Each side-effect step run's idempotency key (`<runId>:<stepRunId>`) and the tool that must have run once under it. */
export function expectedSideEffects(
  stepRuns: ReadonlyArray<{ id: string; runId: string; stepId: string }>,
  sideEffects: ReadonlyMap<string, string>,
): Map<string, string> {
  return new Map(
    stepRuns.flatMap((step) => {
      const tool = sideEffects.get(step.stepId);
      return tool ? [[`${step.runId}:${step.id}`, tool] as const] : [];
    }),
  );
}
