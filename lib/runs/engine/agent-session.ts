import type { RunEventInput, RunStatus } from "../../events";
import { type ChatMessage, type ChatRequest, type ChatResult, isLlmError, type ToolSpec } from "../../llm";
import type { ToolRef } from "../../routine";
import { executorModelOf } from "./actor-prompt";
import { todayLine } from "./calendar";
import { agentGuard, handleModelCall, resendCall, type CallResult } from "./agent-calls";
import { callIdOf, functionNameOf, rebuildConversation } from "./agent-conversation";
import { finishAgentRun } from "./agent-finish";
import { agentBlockers } from "./agent-mapping";
import { agentSystemPrompt, agentToolSpecs, agentUserMessage, type AgentPlan } from "./agent-prompt";
import { agentTurnContext, type ContextStats } from "./agent-turn-context";
import { activeMs, BudgetExceededError, tokensUsed } from "./budgets";
import { errorMessage } from "./errors";
import { stopsRun, type ModelPort, type StepRunSnapshot } from "./ports";
import { budgetExceeded, cancelRun, failRun, pauseRun } from "./run-transitions";
import { clipShown } from "./step-context";
import type { StepSession } from "./step-execution";
import { toolNames, type ToolNames } from "./tool-names";

/** What the agent loop needs from the session besides its services. */
export type AgentDriver = {
  session: StepSession;
  /** What the operator or the worker asks for now (read between turns). */
  intent(): Promise<"cancel" | "pause" | "shutdown" | null>;
  ensureRunning(): Promise<void>;
};

type Offer = { specs: ToolSpec[]; names: ToolNames };
export type Turn = { stop: RunStatus } | { answer: ChatResult };

/**
 * Agent mode (the paper's set-up): one conversation drives the whole run. The executor model reads the routine (full,
 * ablated, or none for the baseline), the progress list and plan-aware values, and calls the tools offered one
 * answer at a time; the engine refuses calls outside the offer or with invalid arguments (telling the model why),
 * records each accepted call as a step run of the routine step it serves, and sends the result back as a tool
 * message. The run succeeds when the model answers without a call, with `{ answer }` as outputs. Budgets, cancel
 * and pause work as in workflow mode; after a restart the conversation is rebuilt from the stored step runs.
 */
export async function runAgent(driver: AgentDriver, plan: AgentPlan): Promise<RunStatus> {
  const { session } = driver;
  const { writer, transitions } = session;
  const blocked = agentBlockers(writer.snapshot.routine.steps);
  if (blocked) return failRun(transitions, blocked);

  const wanted = await driver.intent();
  if (wanted === "shutdown") return writer.snapshot.status;
  if (wanted === "cancel") return cancelRun(transitions);
  if (wanted === "pause") return writer.snapshot.status === "paused" ? "paused" : pauseRun(transitions);
  await driver.ensureRunning();

  let offer: Offer;
  try {
    offer = await toolOffer(session, plan);
  } catch (error) {
    if (stopsRun(error)) throw error;
    return failRun(transitions, `The tools could not be described: ${errorMessage(error)}`);
  }
  const rebuilt = rebuildConversation(writer.snapshot, session.index, offer.names);
  for (const run of rebuilt.abandoned) {
    // Started but never sent (no arguments recorded): nothing reached the tool, so the model simply asks again.
    await writer.commit({ steps: [{ ...ref(run), state: "failed", error: "Interrupted before the call was sent." }] }, [
      {
        type: "step.failed",
        data: {
          stepRunId: run.id,
          stepId: run.stepId,
          iteration: run.iteration,
          error: "Interrupted before the call was sent.",
          durationMs: 0,
        },
      },
    ]);
  }
  const messages: ChatMessage[] = [
    { role: "system", content: "" },
    agentUserMessage(writer.snapshot),
    ...rebuilt.messages,
  ];
  const clock = { modelMs: 0 };
  // Which step run each tool call was recorded as, so the context mode can shorten results the plan no longer needs.
  const callRuns = new Map(writer.snapshot.steps.map((run) => [callIdOf(run.id), run.id]));
  if (rebuilt.unfinished) {
    const result = await resend(session, rebuilt.unfinished, offer.names, clock.modelMs);
    if ("stop" in result) return result.stop;
    messages.push({ role: "tool", toolCallId: callIdOf(rebuilt.unfinished.id), content: result.message });
  }

  const { budgets } = writer.snapshot;
  const maxTurns = budgets.maxSteps + 2;
  let emptyAnswers = 0;
  for (let turn = rebuilt.calls + 1; ; turn++) {
    const intent = await driver.intent();
    if (intent === "shutdown") return writer.snapshot.status;
    if (intent === "cancel") return cancelRun(transitions);
    if (intent === "pause") return pauseRun(transitions);
    const over = budgetBeforeTurn(session, clock.modelMs, turn > maxTurns);
    if (over) return budgetExceeded(transitions, over);

    messages[0] = { role: "system", content: await systemPrompt(session, plan) };
    const sent = await agentTurnContext(session, messages, callRuns, offer.specs);
    const started = session.clock.now();
    const model = executorModelOf(writer.snapshot);
    const result = await modelTurn(
      session,
      {
        purpose: "executor.agent",
        ...(model ? { model } : {}),
        messages: sent.messages,
        tools: offer.specs,
        who: "executor model",
        event: (answer) => agentTurnEvent(turn, answer, sent.stats),
      },
      clock.modelMs,
    );
    clock.modelMs += Math.max(0, session.clock.now() - started);
    if ("stop" in result) return result.stop;
    const { answer } = result;
    messages.push({
      role: "assistant",
      content: answer.content,
      ...(answer.toolCalls.length > 0 ? { toolCalls: answer.toolCalls } : {}),
    });

    if (answer.toolCalls.length === 0) {
      if (answer.content?.trim()) return finishAgentRun(transitions, answer.content);
      if (++emptyAnswers >= 2)
        return failRun(transitions, "The executor model answered with neither text nor a tool call, twice.");
      messages.push({
        role: "user",
        content: "Your answer was empty. Call the next tool, or answer in plain text when the work is done.",
      });
      continue;
    }
    for (const call of answer.toolCalls) {
      if (session.requests.cancel) return cancelRun(transitions);
      const recorded = writer.snapshot.steps.length;
      const outcome = await handleModelCall(session, offer.names, turn, call, clock.modelMs);
      if (writer.snapshot.steps.length > recorded) callRuns.set(call.id, writer.snapshot.steps.at(-1)!.id);
      if ("stop" in outcome) return outcome.stop;
      messages.push({ role: "tool", toolCallId: call.id, content: outcome.message });
    }
  }
}

/** The tools offered: the routine's allowlist, or for the baseline every tool of the catalog. */
async function toolOffer(session: StepSession, plan: AgentPlan): Promise<Offer> {
  if (plan.routine !== "none") {
    return {
      specs: agentToolSpecs(session.allowlist, await session.describeTools(), session.toolNames),
      names: session.toolNames,
    };
  }
  if (!session.tools.catalog) throw new Error("the tool registry offers no catalog for a run without a routine");
  const catalog = await session.tools.catalog();
  const names = toolNames(catalog.map(({ server, name }) => ({ server, name })));
  return { specs: agentToolSpecs(catalog, catalog, names), names };
}

async function systemPrompt(session: StepSession, plan: AgentPlan): Promise<string> {
  return agentSystemPrompt({
    plan,
    snapshot: session.writer.snapshot,
    index: session.index,
    today: todayLine(session.clock.now(), session.options.calendar),
  });
}

/** The budget that stops a run-level conversation before its next model turn, if any. */
export function budgetBeforeTurn(
  session: StepSession,
  modelMs: number,
  tooManyTurns: boolean,
): BudgetExceededError | null {
  const snapshot = session.writer.snapshot;
  const { budgets } = snapshot;
  // A model that keeps answering with refused calls makes no step runs; its turns are bounded by the steps budget.
  if (tooManyTurns || snapshot.stepsExecuted > budgets.maxSteps)
    return new BudgetExceededError("steps", budgets.maxSteps, Math.max(snapshot.stepsExecuted, budgets.maxSteps));
  if (tokensUsed(snapshot) >= budgets.maxTokens)
    return new BudgetExceededError("tokens", budgets.maxTokens, tokensUsed(snapshot));
  const worked = activeMs(snapshot, session.index) + modelMs;
  if (worked >= budgets.wallTimeMs) return new BudgetExceededError("wall_time", budgets.wallTimeMs, worked);
  return null;
}

/** One model call of a run-level conversation: who answers, what it is asked, and the event its answer makes. */
export type TurnRequest = {
  /** Default: the session's (executor) model. */
  port?: ModelPort;
  purpose: string;
  /** Another model of the endpoint than the configured one. */
  model?: string;
  messages: ChatMessage[];
  tools?: ToolSpec[];
  responseFormat?: ChatRequest["responseFormat"];
  /** Cap on the answer's tokens; default the engine's maxOutputTokens (either lowered to the budget left). */
  maxOutputTokens?: number;
  /** Names the model in the reason a failed call gives the run: "executor model", "planner model". */
  who: string;
  /** The event that records the answer (agent.turn, planner.turn), committed with its tokens. */
  event(answer: ChatResult): RunEventInput;
};

/**
 * One model call under a guard (timeout, wall time, cancel, pause), its tokens added to the run together with the
 * request's event. The run stops (cancelled, failed, over budget) when the call cannot be answered.
 */
export async function modelTurn(session: StepSession, request: TurnRequest, modelMs: number): Promise<Turn> {
  const { writer, transitions } = session;
  const run = writer.snapshot;
  const limit = run.budgets.maxTokens;
  const guard = agentGuard(session, modelMs);
  let answer: ChatResult;
  try {
    const work = (request.port ?? session.model).chat({
      purpose: request.purpose,
      ...(request.model ? { model: request.model } : {}),
      messages: request.messages.map((message) => ({ ...message })),
      ...(request.tools ? { tools: request.tools, toolChoice: "auto" as const } : {}),
      ...(request.responseFormat ? { responseFormat: request.responseFormat } : {}),
      maxTokens: Math.max(
        1,
        Math.min(request.maxOutputTokens ?? session.options.maxOutputTokens, limit - tokensUsed(run)),
      ),
      signal: guard.signal,
      context: { runId: run.id, routineId: run.routineId, versionId: run.versionId },
    });
    work.catch(() => {});
    answer = await Promise.race([work, guard.whenStopped()]);
  } catch (error) {
    if (stopsRun(error)) throw error;
    const stopped = guard.stopped;
    if (stopped?.kind === "shutdown") return { stop: "running" };
    if (stopped?.kind === "cancel") return { stop: await cancelRun(transitions) };
    if (stopped) return { stop: await budgetExceeded(transitions, stopped.error) };
    const reason = isLlmError(error) ? error.message : errorMessage(error);
    return { stop: await failRun(transitions, `The ${request.who} failed: ${reason}`) };
  } finally {
    guard.dispose();
  }
  if (guard.pauseRequested) session.requests.pause = true;
  if (guard.stopped?.kind === "cancel") session.requests.cancel = true;
  const { inputTokens, outputTokens } = answer.usage;
  await writer.commit(
    { run: { inputTokens: run.inputTokens + inputTokens, outputTokens: run.outputTokens + outputTokens } },
    [request.event(answer)],
  );
  if (tokensUsed(run) > limit)
    return { stop: await budgetExceeded(transitions, new BudgetExceededError("tokens", limit, tokensUsed(run))) };
  return { answer };
}

/** An agent.turn event for an executor's answer (text and calls clipped for display). */
export function agentTurnEvent(turn: number, answer: ChatResult, stats?: ContextStats): RunEventInput {
  return {
    type: "agent.turn",
    data: {
      turn,
      content: answer.content === null ? null : clipShown(answer.content),
      toolCalls: answer.toolCalls.map((call) => ({ name: call.name, arguments: clipShown(call.arguments) })),
      inputTokens: answer.usage.inputTokens,
      outputTokens: answer.usage.outputTokens,
      attempts: answer.attempts,
      ...stats,
    },
  };
}

async function resend(
  session: StepSession,
  run: StepRunSnapshot,
  names: ToolNames,
  modelMs: number,
): Promise<CallResult> {
  const name = functionNameOf(run, session.index, names);
  const tool: ToolRef | undefined = name === null ? undefined : names.toolOf(name);
  if (!tool)
    return { stop: await failRun(session.transitions, `The tool of step run ${run.id} is no longer offered.`, run) };
  return resendCall(session, run, tool, modelMs);
}

function ref(run: StepRunSnapshot) {
  return { id: run.id, stepId: run.stepId, iteration: run.iteration };
}
