import type { ChatMessage, TokenCounter } from "../../llm";
import type { JsonValue } from "../../routine";
import { isAgentCallStepId } from "./agent-mapping";
import { toolResultText } from "./agent-conversation";
import { isNeeded, neededAhead, type NeedKey } from "./context-needs";
import type { ContextMode } from "../../context-modes";
import type { RunSnapshot, StepRunSnapshot } from "./ports";
import { upcomingSteps, type RoutineIndex } from "./routine-graph";
import { isVariableStub, jsonText, preview } from "./variables";

// Agent mode's history is its conversation: every tool result comes back as a tool message. The context mode decides
// how those messages are sent (the stored conversation itself is never changed):
// - full: every result whole, values in variable memory included (what a ReAct transcript holds);
// - plan-aware: results the next k routine steps need whole; the others one line each;
// - compressed: plan-aware, the shortened results condensed by the compressor into the system prompt.

const SUMMARY_CHARS = 100;

export type AgentContextInput = {
  mode: ContextMode;
  system: string;
  messages: ChatMessage[];
  /** Which step run each tool call was recorded as (tool_call id → step run id). */
  callRuns: ReadonlyMap<string, string>;
  snapshot: RunSnapshot;
  index: RoutineIndex;
  lookahead: number;
  /** Whole values behind variable keys, for the full-history version. */
  variables: ReadonlyMap<string, JsonValue>;
};

export type AgentContext = {
  /** What is sent in the run's mode (before any compression). */
  messages: ChatMessage[];
  /** The same turn with the full history, for the comparison every turn records. */
  full: ChatMessage[];
  /** The results shortened to one line, whole, for the compressor (empty when none is). */
  shortened: string;
};

/** What the next routine steps need: the ones after the last step the agent's calls served, k beyond the next. */
export function agentNeeds(snapshot: RunSnapshot, index: RoutineIndex, lookahead: number): Set<NeedKey> {
  let from: string | undefined;
  for (let at = snapshot.steps.length - 1; at >= 0 && from === undefined; at--)
    if (index.step(snapshot.steps[at].stepId)) from = snapshot.steps[at].stepId;
  if (from === undefined) return neededAhead(index, null, lookahead + 1);
  const [next] = upcomingSteps(index, from, 1);
  return next ? neededAhead(index, next, lookahead) : new Set();
}

export function agentContext(input: AgentContextInput): AgentContext {
  const runs = new Map(input.snapshot.steps.map((run) => [run.id, run]));
  const needs = agentNeeds(input.snapshot, input.index, input.lookahead);
  const messages: ChatMessage[] = [{ role: "system", content: input.system }];
  const full: ChatMessage[] = [{ role: "system", content: input.system }];
  const shortened: string[] = [];
  // The results of the model's last answer are what it must react to now: always whole, like any observation.
  let lastAnswer = 0;
  input.messages.forEach((message, at) => {
    if (message.role === "assistant") lastAnswer = at;
  });
  for (const [at, message] of input.messages.entries()) {
    if (at === 0) continue;
    const run = message.role === "tool" ? runs.get(input.callRuns.get(message.toolCallId) ?? "") : undefined;
    const outputs = run ? outputsOf(run) : null;
    if (message.role !== "tool" || !run || !outputs) {
      messages.push(message);
      full.push(message);
      continue;
    }
    full.push({ ...message, content: wholeText(outputs, input.variables) });
    // A result short enough already, or one a coming step needs (or a call no routine step stands for), stays whole.
    const needed =
      at > lastAnswer ||
      (message.content ?? "").length <= SUMMARY_CHARS ||
      isAgentCallStepId(run.stepId) ||
      Object.keys(outputs).some((name) => isNeeded(needs, run.stepId, name));
    if (input.mode === "full") messages.push(full[full.length - 1]);
    else if (needed) messages.push(message);
    else {
      shortened.push(`- ${run.stepId}: ${message.content}`);
      messages.push({
        ...message,
        content: `${preview(toolResultText(outputs), SUMMARY_CHARS)} (shortened: the next steps do not need it whole)`,
      });
    }
  }
  return { messages, full, shortened: shortened.join("\n") };
}

/** The messages' tokens, as the prompt counts them (content and tool calls). */
export function messageTokens(messages: ChatMessage[], countTokens: TokenCounter): number {
  let total = 0;
  for (const message of messages) {
    if ("content" in message && message.content) total += countTokens(message.content);
    if (message.role === "assistant" && message.toolCalls)
      for (const call of message.toolCalls) total += countTokens(`${call.name} ${call.arguments}`);
  }
  return total;
}

function outputsOf(run: StepRunSnapshot): Record<string, JsonValue> | null {
  if (run.state !== "succeeded") return null;
  const output = run.output;
  if (output && typeof output === "object" && !Array.isArray(output)) return output;
  return output === null ? null : { result: output };
}

function wholeText(outputs: Record<string, JsonValue>, variables: ReadonlyMap<string, JsonValue>): string {
  const swap = (value: JsonValue) => (isVariableStub(value) ? (variables.get(value.$var) ?? value) : value);
  const names = Object.keys(outputs);
  return jsonText(
    names.length === 1 ? swap(outputs[names[0]]) : Object.fromEntries(names.map((name) => [name, swap(outputs[name])])),
  );
}
