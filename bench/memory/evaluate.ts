import { performance } from "node:perf_hooks";
import { decide, type MemoryThresholds, type ProcedureIndex, type Retrieval } from "../../lib/memory";
import { percentile, round } from "../lib/stats";
import type { BenchRoutine } from "./library";

/** One request of the test set with what retrieval answered. */
export type Outcome = { request: string; expected: string | null; retrieval: Retrieval; ms: number };

/** Runs every covered and uncovered request once through `index` and records the answers and their latency. */
export function runRequests(
  index: ProcedureIndex,
  library: readonly Pick<BenchRoutine, "id" | "requests">[] | readonly { id: string; requests: readonly string[] }[],
  uncovered: readonly string[],
  thresholds?: MemoryThresholds,
): Outcome[] {
  const tests = [
    ...library.flatMap((routine) => routine.requests.map((request) => ({ request, expected: routine.id }))),
    ...uncovered.map((request) => ({ request, expected: null })),
  ];
  return tests.map(({ request, expected }) => {
    const started = performance.now();
    const retrieval = index.search(request, { thresholds });
    return { request, expected, retrieval, ms: performance.now() - started };
  });
}

/** The accuracy figures of recorded outcomes, re-decided under `thresholds`. */
export function accuracy(outcomes: readonly Outcome[], thresholds: MemoryThresholds) {
  const covered = outcomes.filter((outcome) => outcome.expected !== null);
  const uncovered = outcomes.filter((outcome) => outcome.expected === null);
  const decision = (outcome: Outcome) => decide(outcome.retrieval.candidates, thresholds);
  const top1 = covered.filter((outcome) => outcome.retrieval.candidates[0]?.routineId === outcome.expected);
  const matched = covered.filter(
    (outcome) => decision(outcome) === "match" && outcome.retrieval.candidates[0]?.routineId === outcome.expected,
  );
  return {
    top1Accuracy: top1.length / covered.length,
    /** Covered requests answered "match" with the right routine: what runs without asking the user. */
    matchAccuracy: matched.length / covered.length,
    ambiguousRate: covered.filter((outcome) => decision(outcome) === "ambiguous").length / covered.length,
    noneRecall: uncovered.filter((outcome) => decision(outcome) === "none").length / uncovered.length,
    noneFalseRate: covered.filter((outcome) => decision(outcome) === "none").length / covered.length,
  };
}

/** The 95th percentile latency of recorded outcomes, in ms. */
export const p95Ms = (outcomes: readonly Outcome[]) =>
  round(
    percentile(
      outcomes.map((outcome) => outcome.ms),
      95,
    ),
    2,
  );

/** A table of none recall and none false rate across minimum scores, for choosing the default threshold. */
export function sweep(outcomes: readonly Outcome[], margin: number): string[] {
  const lines = ["minScore  noneRecall  noneFalseRate  matchAccuracy  ambiguousRate"];
  for (let minScore = 0.1; minScore <= 0.401; minScore += 0.02) {
    const figures = accuracy(outcomes, { minScore, ambiguityMargin: margin });
    lines.push(
      [minScore, figures.noneRecall, figures.noneFalseRate, figures.matchAccuracy, figures.ambiguousRate]
        .map((value) =>
          round(value, 3)
            .toFixed(3)
            .padStart(value === minScore ? 8 : 13),
        )
        .join(" "),
    );
  }
  return lines;
}

/** Lines describing the wrong answers, for reading what the scorer misses. */
export function misses(outcomes: readonly Outcome[], thresholds: MemoryThresholds): string[] {
  const lines: string[] = [];
  for (const outcome of outcomes) {
    const [first, second] = outcome.retrieval.candidates;
    const decision = decide(outcome.retrieval.candidates, thresholds);
    const wrongTop = outcome.expected !== null && first?.routineId !== outcome.expected;
    const wrongDecision = (outcome.expected === null) !== (decision === "none");
    if (!wrongTop && !wrongDecision) continue;
    const describe = (c: typeof first) => (c ? `${c.routineId} ${round(c.score, 3)} [${c.matched.join(",")}]` : "-");
    lines.push(
      `${decision.padEnd(9)} want ${outcome.expected ?? "none"} | got ${describe(first)} | 2nd ${describe(second)} | "${outcome.request}"`,
    );
  }
  return lines;
}
