import type { RunStatus } from "../../events";
import type { ActorPort, Clock, EventSink, ModelPort, RunStore, ToolPort } from "./ports";
import type { TokenCounter } from "../../llm";
import { systemTimeZone, type RunCalendar } from "./calendar";
import { DEFAULT_CONTEXT_SETTINGS, type ContextMode } from "../../context-modes";

export type RunEngineOptions = {
  /** Outputs whose JSON is larger go to variable memory under a key that says what they hold. Default 2048 bytes. */
  variableThresholdBytes?: number;
  /** Token budget of the executor's system prompt; older summaries, then long values are cut to fit. Default 8000. */
  contextTokens?: number;
  /** PAACE's k: the outputs the current and the next k steps bind stay in the prompt in full. Default 2. */
  lookahead?: number;
  /** How much of the run the executor's prompt carries, unless the run says (its execution plan's `context`). */
  contextMode?: ContextMode;
  /** Token budget of the compressor's rewrite of the values (compressed mode). Default 1000. */
  compressTokens?: number;
  /** Default: exact counts with o200k_base (js-tiktoken), loaded on the first model-driven step. */
  countTokens?: TokenCounter;
  /** How often a working step reads the operator's control request (pause, cancel) from the store; 0: never. Default 1000. */
  controlPollMs?: number;
  /** Cap on one model answer's tokens (lowered to what the run's token budget has left). Default 4096. */
  maxOutputTokens?: number;
  /** What "today" is in the prompts (time zone, or a fixed date). Default: the server's time zone and clock. */
  calendar?: RunCalendar;
};

export type RunEngineDeps = {
  store: RunStore;
  tools: ToolPort;
  model: ModelPort;
  /** The planner model of planned runs (the planner role); default: `model`. */
  planner?: ModelPort;
  /** The compressor model (the compressor role) of runs in compressed context mode; default: none (plan-aware). */
  compressor?: ModelPort;
  /** The actor profiles planned runs hand tasks to; default: none (a planned run then fails with a clear reason). */
  actors?: ActorPort;
  /** Told after every commit; default: nobody. */
  sink?: EventSink;
  /** Default: the system clock. */
  clock?: Clock;
  options?: RunEngineOptions;
};

export interface RunEngine {
  /**
   * Drives a run from where its stored state says it stands until it finishes, waits (for a person or a
   * sub-routine), pauses or is cancelled, and returns its status then. Every transition is committed with its
   * events before the next step starts. Aborting `signal` with reason "cancel" cancels the run (the call in flight
   * is aborted), with "pause" pauses it after the current step; any other reason stops this worker without writing,
   * leaving the run `running` for a sweeper to resume (it then returns "running"). Throws LeaseLostError when
   * another worker took the run over. Aborting `control.drain` (a worker shutting down gracefully) lets the step in
   * flight finish and commit, then returns "running" before the next one, writing nothing more.
   */
  execute(runId: string, signal?: AbortSignal, control?: ExecuteControl): Promise<RunStatus>;
}

/** A worker's requests beside execute()'s signal, which can be aborted only once (a drain may end in an abort). */
export type ExecuteControl = {
  /** Aborted: stop between steps, as a "shutdown" abort would, but only once the step in flight has committed. */
  drain?: AbortSignal;
};

export type ResolvedOptions = Required<Omit<RunEngineOptions, "countTokens">> & {
  countTokens: TokenCounter | undefined;
};

export function resolveOptions(options: RunEngineOptions = {}): ResolvedOptions {
  return {
    variableThresholdBytes: options.variableThresholdBytes ?? 2048,
    contextTokens: options.contextTokens ?? DEFAULT_CONTEXT_SETTINGS.budgetTokens,
    lookahead: options.lookahead ?? DEFAULT_CONTEXT_SETTINGS.lookahead,
    contextMode: options.contextMode ?? DEFAULT_CONTEXT_SETTINGS.mode,
    compressTokens: options.compressTokens ?? DEFAULT_CONTEXT_SETTINGS.compressTokens,
    countTokens: options.countTokens,
    controlPollMs: options.controlPollMs ?? 1000,
    maxOutputTokens: options.maxOutputTokens ?? 4096,
    calendar: options.calendar ?? { timeZone: systemTimeZone() },
  };
}
