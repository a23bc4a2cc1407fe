import type { ReceivedSpan } from "./otlp-receiver";

// Reading a run's spans back from a receiver: which are its segments, which its tool calls, and what they say.

/** The spans of one run (every span of ours carries the run's id). */
export const spansOfRun = (spans: ReceivedSpan[], runId: string) =>
  spans.filter((span) => span.attributes["routine_studio.run.id"] === runId);

/** The segment spans: one per worker's execution of the run. */
export const segmentsOf = (spans: ReceivedSpan[]) =>
  spans.filter((span) => /^invoke_(workflow|agent) /.test(span.name));

export const toolSpansOf = (spans: ReceivedSpan[]) => spans.filter((span) => span.name.startsWith("execute_tool "));

/** Tool spans as [step id, tool name, call id], sorted: comparable with the run's step runs. */
export const toolSpanCalls = (spans: ReceivedSpan[]) =>
  toolSpansOf(spans)
    .map((span) => [
      span.attributes["routine_studio.step.id"],
      span.attributes["gen_ai.tool.name"],
      span.attributes["gen_ai.tool.call.id"],
    ])
    .sort();
