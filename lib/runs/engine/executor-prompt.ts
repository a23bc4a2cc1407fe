import type { RunEventInput } from "../../events";
import type { TokenCounter } from "../../llm";
import type { JsonValue, Step } from "../../routine";
import { agentPreamble } from "./actor-prompt";
import { todayLine } from "./calendar";
import { condenseValues, neededFacts } from "./context-compressor";
import { buildExecutorContext, type ExecutorContextInput } from "./context";
import { type ContextMode, type ContextSettings } from "../../context-modes";
import type { ResolvedOptions } from "./engine-types";
import type { RunSnapshot, StepRunSnapshot } from "./ports";
import { stepRef } from "./run-writer";
import type { Clock, ModelPort } from "./ports";
import type { RoutineIndex } from "./routine-graph";
import type { RunWriter } from "./run-writer";
import type { RunValues } from "./values";
import { variableList } from "./variables";

/** A built executor prompt with what it cost and what the full history would have cost (for the step.model event). */
export type BuiltPrompt = {
  system: string;
  contextMode: ContextMode;
  contextTokens: number;
  fullContextTokens: number;
};

/** What building a prompt reads of the session's services (step-context's SessionServices has them all). */
export type PromptServices = {
  writer: RunWriter;
  index: RoutineIndex;
  options: ResolvedOptions;
  clock: Clock;
  values: RunValues;
  compressor: ModelPort | null;
  routineText(): string;
  tokenCounter(): Promise<TokenCounter>;
};

/** The run's own context settings (its execution plan), else the engine's. */
export function contextSettingsOf(run: RunSnapshot, options: ResolvedOptions): ContextSettings {
  const plan = run.execution;
  if ((plan?.mode === "workflow" || plan?.mode === "agent") && plan.context) return plan.context;
  return {
    mode: options.contextMode,
    lookahead: options.lookahead,
    budgetTokens: options.contextTokens,
    compressTokens: options.compressTokens,
  };
}

/** The whole values behind the run's variable keys, for the full-history prompt; a key that cannot be read stays a key. */
export async function variableValues(
  services: Pick<PromptServices, "writer" | "values">,
): Promise<Map<string, JsonValue>> {
  const values = new Map<string, JsonValue>();
  for (const { key } of variableList(services.writer.snapshot)) {
    try {
      values.set(key, await services.values.variable(key));
    } catch {
      // Shown by key and preview instead: the count is then a little low, never the run's failure.
    }
  }
  return values;
}

export type PromptRequest = {
  services: PromptServices;
  step: Step;
  stepRun: StepRunSnapshot;
  signal: AbortSignal;
  /** Writes the compressor's event and its tokens with the step run (step-context's record of a model call). */
  recordCompression(event: RunEventInput, usage: { inputTokens: number; outputTokens: number }): Promise<void>;
};

/**
 * The executor's system prompt for one model turn of a step, in the run's context mode: who the model works as and
 * today's date first (out of the context's budget, so the whole prompt fits), then the context. Compressed mode asks
 * the compressor to rewrite the values; an answer the guard refuses, or no compressor at all, leaves the prompt
 * plan-aware, with a context.compressed event that says why. Every prompt is also counted as full history would be.
 */
export async function buildExecutorPrompt(request: PromptRequest): Promise<BuiltPrompt> {
  const { services, step } = request;
  const run = services.writer.snapshot;
  const settings = contextSettingsOf(run, services.options);
  const countTokens = await services.tokenCounter();
  const preamble = agentPreamble(run.actor, todayLine(services.clock.now(), services.options.calendar));
  const base: ExecutorContextInput = {
    index: services.index,
    routineText: services.routineText(),
    snapshot: run,
    step,
    lookahead: settings.lookahead,
    tokenBudget: Math.max(0, settings.budgetTokens - countTokens(preamble)),
    countTokens,
  };
  const whole = await variableValues(services);
  const fullSystem = `${preamble}\n\n${buildExecutorContext({ ...base, mode: "full", variableValues: whole }).system}`;
  const fullContextTokens = countTokens(fullSystem);
  if (settings.mode === "full")
    return { system: fullSystem, contextMode: "full", contextTokens: fullContextTokens, fullContextTokens };

  const planAware = buildExecutorContext({ ...base, mode: "plan-aware" });
  let context = planAware.system;
  let contextMode: ContextMode = "plan-aware";
  if (settings.mode === "compressed") {
    const compressed = await compress(request, planAware, settings, countTokens);
    if (compressed !== null) {
      context = buildExecutorContext({ ...base, mode: "compressed", compressedValues: compressed }).system;
      contextMode = "compressed";
    }
  }
  const system = `${preamble}\n\n${context}`;
  return { system, contextMode, contextTokens: countTokens(system), fullContextTokens };
}

/**
 * The values for a compressed prompt: whole when they fit the budget, else the compressor's accepted rewrite; null
 * when it was refused, failed or none is configured (recorded with the reason).
 */
async function compress(
  request: PromptRequest,
  planAware: ReturnType<typeof buildExecutorContext>,
  settings: ContextSettings,
  countTokens: TokenCounter,
): Promise<string | null> {
  const { services, stepRun } = request;
  const run = services.writer.snapshot;
  const beforeTokens = countTokens(planAware.valuesText);
  const condensed = await condenseValues({
    port: services.compressor,
    valuesText: planAware.valuesText,
    facts: neededFacts(run, services.index, planAware.needs),
    budgetTokens: settings.compressTokens,
    countTokens,
    signal: request.signal,
    context: { runId: run.id, routineId: run.routineId, versionId: run.versionId, stepRunId: stepRun.id },
  });
  const { usage } = condensed;
  if (condensed.reason !== undefined)
    await request.recordCompression(
      {
        type: "context.compressed",
        data: {
          ...stepRef(stepRun),
          accepted: false,
          reason: `${condensed.reason}; the prompt stays plan-aware.`,
          beforeTokens,
          ...usage,
        },
      },
      usage,
    );
  else if (condensed.asked && condensed.text !== null)
    await request.recordCompression(
      {
        type: "context.compressed",
        data: { ...stepRef(stepRun), accepted: true, beforeTokens, afterTokens: countTokens(condensed.text), ...usage },
      },
      usage,
    );
  return condensed.text;
}
