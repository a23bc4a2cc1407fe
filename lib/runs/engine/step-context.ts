import type { RunEventInput } from "../../events";
import {
  type ChatRequest,
  type ChatResult,
  countToolTokens,
  isLlmError,
  type TokenCounter,
  type ToolSpec,
} from "../../llm";
import type { JsonValue, Step, ToolDefinition, ToolRef } from "../../routine";
import { executorModelOf } from "./actor-prompt";
import { BudgetExceededError, tokensUsed } from "./budgets";
import type { ResolvedOptions } from "./engine-types";
import { buildExecutorPrompt, type BuiltPrompt } from "./executor-prompt";
import { errorMessage } from "./errors";
import type { StepContext } from "./kinds/handler-types";
import type { Clock, ModelPort, RunChange, RunStore, StepRunSnapshot, ToolPort } from "./ports";
import type { RoutineIndex } from "./routine-graph";
import { type RunWriter, stepRef } from "./run-writer";
import type { StepGuard } from "./step-guard";
import type { ToolNames } from "./tool-names";
import type { RunValues } from "./values";

/** A step that cannot go on, with the reason an operator reads; the engine fails the step with it. */
export class StepFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StepFailure";
  }
}

/** What every step of a session shares. */
export type SessionServices = {
  writer: RunWriter;
  index: RoutineIndex;
  store: RunStore;
  tools: ToolPort;
  model: ModelPort;
  /** The compressor model of compressed context mode, or null when none is configured. */
  compressor: ModelPort | null;
  clock: Clock;
  values: RunValues;
  options: ResolvedOptions;
  allowlist: ToolRef[];
  toolNames: ToolNames;
  describeTools(): Promise<ToolDefinition[]>;
  routineText(): string;
  tokenCounter(): Promise<TokenCounter>;
};

/** Model text as events show it: long answers are cut, so one turn cannot bloat the run log. */
const MAX_SHOWN = 4_000;
export const clipShown = (text: string) => (text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text);

/** The context a handler works with for one execution of `step`. */
export function stepContext(
  services: SessionServices,
  step: Step,
  stepRun: StepRunSnapshot,
  guard: StepGuard,
  presetInput: JsonValue | null,
): StepContext {
  const { writer } = services;
  const run = writer.snapshot;

  const record = async (events: RunEventInput[], stepFields: Partial<StepRunSnapshot> = {}) => {
    guard.assertOpen();
    await writer.commit(
      { steps: [{ ...stepFields, id: stepRun.id, stepId: stepRun.stepId, iteration: stepRun.iteration }] },
      events,
    );
  };

  /** A model call's tokens, counted on the step and the run (its own turns', and the compressor's for its prompt). */
  const addUsage = (usage: { inputTokens: number; outputTokens: number }): Pick<RunChange, "run" | "steps"> => ({
    run: { inputTokens: run.inputTokens + usage.inputTokens, outputTokens: run.outputTokens + usage.outputTokens },
    steps: [
      {
        id: stepRun.id,
        stepId: stepRun.stepId,
        iteration: stepRun.iteration,
        inputTokens: stepRun.inputTokens + usage.inputTokens,
        outputTokens: stepRun.outputTokens + usage.outputTokens,
      },
    ],
  });

  // The prompt executorPrompt() built last, so the model call that sends it records its context figures.
  let built: BuiltPrompt | null = null;
  // The tools offeredTools() chose last, with their definitions' tokens and the whole allowlist's.
  let offered: { tools: ToolSpec[]; tokens: number; fullTokens: number } | null = null;

  const chat = async (request: Omit<ChatRequest, "signal" | "context">): Promise<ChatResult> => {
    const limit = run.budgets.maxTokens;
    if (tokensUsed(run) >= limit) throw new BudgetExceededError("tokens", limit, tokensUsed(run));
    let result: ChatResult;
    // An evaluation may run the routine with another model of the executor's endpoint; else the actor's model.
    const model = executorModelOf(run);
    try {
      result = await services.model.chat({
        ...request,
        ...(model ? { model } : {}),
        maxTokens:
          request.maxTokens ?? Math.max(1, Math.min(services.options.maxOutputTokens, limit - tokensUsed(run))),
        signal: guard.signal,
        context: { runId: run.id, routineId: run.routineId, versionId: run.versionId, stepRunId: stepRun.id },
      });
    } catch (error) {
      guard.signal.throwIfAborted();
      throw new StepFailure(`The executor model failed: ${isLlmError(error) ? error.message : errorMessage(error)}`);
    }
    const { inputTokens, outputTokens } = result.usage;
    const sent = built && request.messages[0]?.content === built.system ? built : null;
    const tools = offered && request.tools === offered.tools ? offered : { tokens: 0, fullTokens: 0 };
    guard.assertOpen();
    await writer.commit(addUsage(result.usage), [
      {
        type: "step.model",
        data: {
          ...stepRef(stepRun),
          content: result.content === null ? null : clipShown(result.content),
          toolCalls: result.toolCalls.map((call) => ({ name: call.name, arguments: clipShown(call.arguments) })),
          inputTokens,
          outputTokens,
          attempts: result.attempts,
          ...(sent
            ? {
                contextMode: sent.contextMode,
                contextTokens: sent.contextTokens + tools.tokens,
                fullContextTokens: sent.fullContextTokens + tools.fullTokens,
              }
            : {}),
        },
      },
    ]);
    if (tokensUsed(run) > limit) throw new BudgetExceededError("tokens", limit, tokensUsed(run));
    return result;
  };

  const executorPrompt = async () => {
    built = await buildExecutorPrompt({
      services,
      step,
      stepRun,
      signal: guard.signal,
      recordCompression: async (event, usage) => {
        guard.assertOpen();
        await writer.commit(addUsage(usage), [event]);
      },
    });
    return built.system;
  };

  const offeredTools = async (all: ToolSpec[], own: (spec: ToolSpec) => boolean) => {
    const countTokens = await services.tokenCounter();
    // Plan-aware: a workflow step calls its own tool, so the others' definitions are context no coming step needs.
    const tools = !built || built.contextMode === "full" ? all : all.filter(own);
    const fullTokens = countToolTokens(countTokens, all);
    offered = { tools, tokens: tools === all ? fullTokens : countToolTokens(countTokens, tools), fullTokens };
    return tools;
  };

  return {
    step,
    run,
    stepRun,
    index: services.index,
    signal: guard.signal,
    idempotencyKey: `${run.id}:${stepRun.id}`,
    presetInput,
    store: services.store,
    tools: services.tools,
    clock: services.clock,
    values: services.values,
    allowlist: services.allowlist,
    toolNames: services.toolNames,
    describeTools: services.describeTools,
    timeLeft: () => guard.timeLeft(),
    executorPrompt,
    offeredTools,
    chat,
    record,
  };
}
