// npm run bench:context — plan-aware context against full history (issue #18, decision 0031). The demo HR routines
// (annual leave, and the payslip draft as read from the expert's text) × 30 requests, each run in the three context
// modes by the real engine over the demo HR tools in-process, with a scripted executor that reads only what its
// prompt shows (scripted-models.ts) and a scripted compressor that keeps what it is told to and drops stale output.
// Prompt tokens are every executor request's messages and the tool definitions it offers, counted by the project's
// tokenizer (o200k_base). Progress on stderr; the last line of
// stdout is one JSON object { fullPromptTokensPerRun, planAwarePromptTokensPerRun, compressedPromptTokensPerRun,
// reduction, compressedReduction, identicalCalls, fullPeakTokens, planAwarePeakTokens }. Target: reduction ≥ 0.6
// with identicalCalls 1.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { demoRoutines } from "../../lib/demo/seed";
import type { RunEvent } from "../../lib/events";
import { createTokenCounter, type TokenCounter } from "../../lib/llm";
import { DEFAULT_CONTEXT_SETTINGS, type ContextMode } from "../../lib/context-modes";
import { createRunEngine } from "../../lib/runs/engine";
import { FakeClock, MemoryRunStore } from "../../lib/runs/engine/testing";
import { saveBenchResults } from "../lib/results";
import { hrToolPort } from "./hr-tool-port";
import { PROMPT_PARTS, promptParts, type PromptPart } from "./prompt-parts";
import { CONTEXT_REQUESTS, type ContextRequest } from "./requests";
import { benchCompressor, benchExecutor } from "./scripted-models";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const log = (message: string) => process.stderr.write(`[bench:context] ${message}\n`);
const MODES: ContextMode[] = ["full", "plan-aware", "compressed"];
/** PAACE's k; the product's default unless BENCH_CONTEXT_LOOKAHEAD says otherwise (0: the current step only). */
const LOOKAHEAD = Number(process.env.BENCH_CONTEXT_LOOKAHEAD ?? DEFAULT_CONTEXT_SETTINGS.lookahead);
/** A small compressor budget, so the compressor is called whenever there is something worth condensing. */
const COMPRESS_TOKENS = 200;

type ModeRun = {
  status: string;
  promptTokens: number;
  peakTokens: number;
  calls: string[];
  modelTurns: number;
  /** The run's prompt tokens by part of the prompt. */
  parts: Record<PromptPart, number>;
};

async function runOnce(item: ContextRequest, mode: ContextMode, count: TokenCounter): Promise<ModeRun> {
  const routines = demoRoutines();
  const routine = item.routine === "annual_leave" ? routines[0] : routines[1];
  const executor = benchExecutor();
  const clock = new FakeClock(Date.parse("2025-06-16T09:00:00Z"));
  const store = new MemoryRunStore(() => clock.now());
  const engine = createRunEngine({
    store,
    tools: hrToolPort(),
    model: executor,
    compressor: benchCompressor(),
    clock,
    options: {
      countTokens: count,
      contextMode: mode,
      lookahead: LOOKAHEAD,
      compressTokens: COMPRESS_TOKENS,
      calendar: { timeZone: "UTC", today: "2025-06-16" },
    },
  });
  const runId = store.createRun({ routine, request: item.request, inputs: item.inputs });
  const status = await engine.execute(runId);
  // A request's prompt is its messages and the tool definitions it offers, which the model reads (and is billed for).
  const turns = executor.requests.map((request) => promptParts(request, count));
  const prompts = turns.map((parts) => PROMPT_PARTS.reduce((sum, part) => sum + parts[part], 0));
  const parts = Object.fromEntries(
    PROMPT_PARTS.map((part) => [part, turns.reduce((sum, turn) => sum + turn[part], 0)]),
  ) as Record<PromptPart, number>;
  const events: RunEvent[] = store.events(runId);
  // What the run did: every tool call with its arguments, and every way a branch took.
  const calls = events.flatMap((event) =>
    event.type === "step.tool_call"
      ? [`${event.data.tool} ${JSON.stringify(event.data.arguments)}`]
      : event.type === "step.output" && typeof (event.data.output as { label?: unknown })?.label === "string"
        ? [`branch ${(event.data.output as { label: string }).label}`]
        : [],
  );
  return {
    status,
    promptTokens: prompts.reduce((sum, tokens) => sum + tokens, 0),
    peakTokens: Math.max(0, ...prompts),
    calls,
    modelTurns: prompts.length,
    parts,
  };
}

async function main() {
  const count = await createTokenCounter();
  const samples: Array<{ request: string; runs: Record<ContextMode, ModeRun> }> = [];
  log(`lookahead k = ${LOOKAHEAD}`);
  for (const [at, item] of CONTEXT_REQUESTS.entries()) {
    const runs = {} as Record<ContextMode, ModeRun>;
    for (const mode of MODES) runs[mode] = await runOnce(item, mode, count);
    samples.push({ request: item.request, runs });
    if ((at + 1) % 10 === 0) log(`${at + 1} / ${CONTEXT_REQUESTS.length} requests`);
  }
  const perRun = (mode: ContextMode) =>
    Math.round(samples.reduce((sum, sample) => sum + sample.runs[mode].promptTokens, 0) / samples.length);
  const peak = (mode: ContextMode) => Math.max(...samples.map((sample) => sample.runs[mode].peakTokens));
  const same = (sample: (typeof samples)[number]) =>
    MODES.every((mode) => JSON.stringify(sample.runs[mode].calls) === JSON.stringify(sample.runs.full.calls));
  const differing = samples.filter((sample) => !same(sample));
  for (const sample of differing.slice(0, 3))
    log(
      `calls differ for "${sample.request}": ${JSON.stringify(Object.fromEntries(MODES.map((mode) => [mode, sample.runs[mode].calls])))}`,
    );
  const statuses = samples.flatMap((sample) => MODES.map((mode) => sample.runs[mode].status));
  log(
    `run statuses: ${JSON.stringify(Object.fromEntries([...new Set(statuses)].map((s) => [s, statuses.filter((x) => x === s).length])))}`,
  );
  const branches = samples.flatMap((sample) => sample.runs.full.calls.filter((call) => call.startsWith("branch ")));
  log(
    `branches taken (full history): ${JSON.stringify(Object.fromEntries([...new Set(branches)].map((b) => [b, branches.filter((x) => x === b).length])))}`,
  );
  for (const routine of ["annual_leave", "payslip"] as const) {
    const own = samples.filter(
      (sample) => CONTEXT_REQUESTS.find((item) => item.request === sample.request)!.routine === routine,
    );
    const tokens = (mode: ContextMode) => own.reduce((sum, sample) => sum + sample.runs[mode].promptTokens, 0);
    const turns = own.reduce((sum, sample) => sum + sample.runs.full.modelTurns, 0) / own.length;
    log(
      `${routine}: ${own.length} runs, ${turns.toFixed(1)} model turns a run, plan-aware ${Math.round((1 - tokens("plan-aware") / tokens("full")) * 1000) / 10}% fewer tokens, compressed ${Math.round((1 - tokens("compressed") / tokens("full")) * 1000) / 10}%`,
    );
  }
  // Where the tokens go: what plan-aware cuts, and what every turn carries in any mode.
  for (const mode of ["full", "plan-aware"] as const) {
    const byPart = PROMPT_PARTS.map(
      (part) =>
        `${part} ${Math.round(samples.reduce((sum, sample) => sum + sample.runs[mode].parts[part], 0) / samples.length)}`,
    );
    log(`${mode} prompt tokens a run by part: ${byPart.join(", ")}`);
  }
  const full = perRun("full");
  const planAware = perRun("plan-aware");
  const summary = {
    fullPromptTokensPerRun: full,
    planAwarePromptTokensPerRun: planAware,
    compressedPromptTokensPerRun: perRun("compressed"),
    reduction: Math.round((1 - planAware / full) * 1000) / 1000,
    /** The same with the compressor's rewrite (PAACE's "rewrite, not only cut"). */
    compressedReduction: Math.round((1 - perRun("compressed") / full) * 1000) / 1000,
    identicalCalls: Math.round(((samples.length - differing.length) / samples.length) * 1000) / 1000,
    fullPeakTokens: peak("full"),
    planAwarePeakTokens: peak("plan-aware"),
  };
  log(`results: ${saveBenchResults(root, "context", summary, samples)}`);
  process.stdout.write(`${JSON.stringify(summary)}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(
      `[bench:context] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
