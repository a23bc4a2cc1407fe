// npm run bench:memory — procedure memory's retrieval benchmark (issue #16): a library of HR, IT and finance routines
// written for it (bench/memory/library-*.ts) with five paraphrased requests each and fifty requests no routine covers,
// matched by keywords alone (BM25, no embedder). Measures top-1 accuracy, "none" recall, the share of covered requests
// wrongly answered "none", and p95 latency at the library's size and at 10,000 routines (the library varied with
// generated words). Progress and the calibration table on stderr; the last line of stdout is one JSON object
// { routines, requests, top1Accuracy, noneRecall, noneFalseRate, p95Ms, p95MsAt10kRoutines }.
// BENCH_MEMORY_VERBOSE=1 lists every wrong answer.
import { performance } from "node:perf_hooks";
import { DEFAULT_MEMORY_THRESHOLDS, ProcedureIndex } from "../../lib/memory";
import { round } from "../lib/stats";
import { accuracy, misses, p95Ms, runRequests, sweep } from "./evaluate";
import { HELD_OUT_REQUESTS, HELD_OUT_UNCOVERED } from "./held-out";
import { benchDocument, checkLibrary, LIBRARY, UNCOVERED_REQUESTS } from "./library";
import { synthesizeLibrary } from "./synthesize";

const LARGE = Number(process.env.BENCH_MEMORY_ROUTINES ?? 10_000);
const ROUNDS = Number(process.env.BENCH_MEMORY_ROUNDS ?? 3);
const VERBOSE = process.env.BENCH_MEMORY_VERBOSE === "1";

const log = (message: string) => process.stderr.write(`[bench:memory] ${message}\n`);

function main() {
  checkLibrary(LIBRARY, UNCOVERED_REQUESTS);
  const thresholds = DEFAULT_MEMORY_THRESHOLDS;
  const docs = LIBRARY.map(benchDocument);
  const index = ProcedureIndex.build(docs);
  const requests = LIBRARY.length * 5 + UNCOVERED_REQUESTS.length;
  log(`${LIBRARY.length} routines, ${requests} requests, thresholds ${JSON.stringify(thresholds)}, BM25 alone`);

  // The first round warms the JIT; the latency figures come from the later rounds.
  let outcomes = runRequests(index, LIBRARY, UNCOVERED_REQUESTS, thresholds);
  const timed = [];
  for (let roundIndex = 1; roundIndex < ROUNDS; roundIndex++) {
    outcomes = runRequests(index, LIBRARY, UNCOVERED_REQUESTS, thresholds);
    timed.push(...outcomes);
  }
  const figures = accuracy(outcomes, thresholds);
  log(
    `top-1 ${round(figures.top1Accuracy, 3)}, match ${round(figures.matchAccuracy, 3)}, ` +
      `ambiguous ${round(figures.ambiguousRate, 3)}, none recall ${round(figures.noneRecall, 3)}, ` +
      `none false ${round(figures.noneFalseRate, 3)}`,
  );
  for (const line of sweep(outcomes, thresholds.ambiguityMargin)) log(line);
  const wrong = misses(outcomes, thresholds);
  log(`${wrong.length} wrong answers${VERBOSE ? ":" : " (BENCH_MEMORY_VERBOSE=1 lists them)"}`);
  if (VERBOSE) for (const line of wrong) log(`  ${line}`);

  // The held-out set was written before tuning and never tuned on: it tells whether the figures above generalize.
  const heldOut = LIBRARY.map((routine) => ({ ...routine, requests: HELD_OUT_REQUESTS[routine.id] ?? [] }));
  const held = accuracy(runRequests(index, heldOut, HELD_OUT_UNCOVERED, thresholds), thresholds);
  log(
    `held-out set (${heldOut.length * 2} covered, ${HELD_OUT_UNCOVERED.length} uncovered): ` +
      `top-1 ${round(held.top1Accuracy, 3)}, none recall ${round(held.noneRecall, 3)}, ` +
      `none false ${round(held.noneFalseRate, 3)}`,
  );

  log(`Building an index of ${LARGE} routines`);
  const buildStarted = performance.now();
  const large = ProcedureIndex.build([...docs, ...synthesizeLibrary(docs, LARGE - docs.length)]);
  log(`Built in ${round(performance.now() - buildStarted)} ms`);
  runRequests(large, LIBRARY, UNCOVERED_REQUESTS, thresholds);
  const largeTimed = [];
  for (let roundIndex = 1; roundIndex < ROUNDS; roundIndex++) {
    largeTimed.push(...runRequests(large, LIBRARY, UNCOVERED_REQUESTS, thresholds));
  }

  console.log(
    JSON.stringify({
      routines: LIBRARY.length,
      requests,
      top1Accuracy: round(figures.top1Accuracy, 3),
      noneRecall: round(figures.noneRecall, 3),
      noneFalseRate: round(figures.noneFalseRate, 3),
      p95Ms: p95Ms(timed),
      p95MsAt10kRoutines: p95Ms(largeTimed),
    }),
  );
}

try {
  main();
} catch (error) {
  log(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
}
