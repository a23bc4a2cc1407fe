import {
  context,
  createTraceState,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Attributes,
  type Span,
} from "@opentelemetry/api";
import {
  ERROR_TYPE,
  GEN_AI,
  GEN_AI_OPERATION,
  GEN_AI_PROVIDER_OPENAI,
  GEN_AI_TOOL_TYPE_EXTENSION,
  ROUTINE_STUDIO,
} from "./attributes";
import {
  contentAttribute,
  inputMessages,
  outputMessages,
  redactText,
  type ChatMessageLike,
  type ToolCallLike,
} from "./content";
import { capturesContent, isTracing, tracer } from "./sdk";
import type { RunTraceContext } from "./trace-context";
import { withTraceId } from "./trace-ids";

// The spans of a run, following the GenAI conventions: one `invoke_workflow {routine}` (agent mode: `invoke_agent`)
// per execution segment (one worker's part of the run), and under it an `execute_tool {tool}` per tool call and a
// `chat {model}` per model turn. Each helper runs its work whether or not tracing is on and whatever the SDK does:
// telemetry never fails, slows or changes a run.

/** One worker's execution of a run, as the worker reads it from the run before it starts. */
export type RunSegment = {
  runId: string;
  /** The routine's name (a planned run: its stored name, "Planned request"). */
  routineName: string;
  mode: "workflow" | "agent" | "planned";
  routineId: string | null;
  versionNumber: number | null;
  source: string;
  parentRunId: string | null;
  /** Where the run's spans go (stored when it was created); null: a trace of this segment's own. */
  traceContext: RunTraceContext | null;
};

/** How the segment ended: the run's status then, and the run's error when it failed. */
export type SegmentEnd = { status: string; error?: string | null; errorType?: string };
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** The segment's span name and first attributes: agent mode invokes an agent; a routine or a planned run, a workflow. */
function segmentSpan(segment: RunSegment): { name: string; attributes: Attributes } {
  const agent = segment.mode === "agent";
  const operation = agent ? GEN_AI_OPERATION.invokeAgent : GEN_AI_OPERATION.invokeWorkflow;
  return {
    name: `${operation} ${segment.routineName}`,
    attributes: {
      [GEN_AI.operationName]: operation,
      // The conventions name a workflow by gen_ai.workflow.name and, since they left the main repository, by
      // gen_ai.agent.name as well: both, so either generation of backends shows the routine.
      [GEN_AI.agentName]: segment.routineName,
      ...(agent ? { [GEN_AI.providerName]: GEN_AI_PROVIDER_OPENAI } : { [GEN_AI.workflowName]: segment.routineName }),
      [GEN_AI.conversationId]: segment.runId,
      [ROUTINE_STUDIO.runId]: segment.runId,
      [ROUTINE_STUDIO.runMode]: segment.mode,
      [ROUTINE_STUDIO.runSource]: segment.source,
      ...(segment.routineId ? { [ROUTINE_STUDIO.routineId]: segment.routineId } : {}),
      ...(segment.versionNumber !== null ? { [ROUTINE_STUDIO.routineVersion]: segment.versionNumber } : {}),
      ...(segment.parentRunId ? { [ROUTINE_STUDIO.parentRunId]: segment.parentRunId } : {}),
    },
  };
}

function startSegmentSpan(segment: RunSegment): Span {
  const { name, attributes } = segmentSpan(segment);
  const options = { kind: SpanKind.INTERNAL, attributes };
  const stored = segment.traceContext;
  if (stored?.parentSpanId) {
    const parent = trace.setSpanContext(ROOT_CONTEXT, {
      traceId: stored.traceId,
      spanId: stored.parentSpanId,
      traceFlags: stored.traceFlags ?? TraceFlags.SAMPLED,
      ...(stored.traceState ? { traceState: createTraceState(stored.traceState) } : {}),
      isRemote: true,
    });
    return tracer().startSpan(name, options, parent);
  }
  const root = { ...options, root: true };
  return stored
    ? withTraceId(stored.traceId, () => tracer().startSpan(name, root, ROOT_CONTEXT))
    : tracer().startSpan(name, root, ROOT_CONTEXT);
}

/**
 * Runs `execute` (one worker's execution of a run) inside its segment span, the parent of every tool and model span
 * the execution makes. The span ends in the background with what `ended` makes of the outcome (which may read the
 * run's error), so the caller gets `execute`'s result as soon as it has it.
 */
export async function traceRunSegment<T>(
  segment: RunSegment,
  execute: () => Promise<T>,
  ended: (settled: Settled<T>) => SegmentEnd | Promise<SegmentEnd>,
): Promise<T> {
  const span = guarded(() => (isTracing() ? startSegmentSpan(segment) : undefined));
  if (!span) return execute();
  const finish = (settled: Settled<T>) =>
    void Promise.resolve()
      .then(() => ended(settled))
      .then(
        (end) => {
          span.setAttribute(ROUTINE_STUDIO.runStatus, end.status);
          if (end.error) fail(span, end.error, end.errorType ?? "run_failed");
        },
        () => undefined,
      )
      .finally(() => span.end());
  try {
    const value = await context.with(trace.setSpan(ROOT_CONTEXT, span), execute);
    finish({ ok: true, value });
    return value;
  } catch (error) {
    finish({ ok: false, error });
    throw error;
  }
}

/** A tool call as the run's tool port makes it. */
export type ToolCallTrace = {
  tool: string;
  server: string;
  /** The step run the call belongs to (the same for every try of it): the conventions' tool call id. */
  callId: string;
  runId: string;
  stepId?: string;
  arguments: unknown;
};
/** What a tool call answers (the engine's ToolOutcome, structurally). */
export type ToolOutcomeLike =
  { ok: true; value: unknown; origin?: string } | { ok: false; error: string; retryable?: boolean };

/** Runs a tool call inside an `execute_tool {tool}` span under the run's span (none outside a run's execution). */
export async function traceToolCall<T extends ToolOutcomeLike>(
  call: ToolCallTrace,
  execute: () => Promise<T>,
): Promise<T> {
  if (!isTracing()) return execute();
  const span = guarded(() =>
    childSpan(`${GEN_AI_OPERATION.executeTool} ${call.tool}`, SpanKind.INTERNAL, {
      [GEN_AI.operationName]: GEN_AI_OPERATION.executeTool,
      [GEN_AI.toolName]: call.tool,
      [GEN_AI.toolCallId]: call.callId,
      [GEN_AI.toolType]: GEN_AI_TOOL_TYPE_EXTENSION,
      [ROUTINE_STUDIO.toolServer]: call.server,
      [ROUTINE_STUDIO.runId]: call.runId,
      [ROUTINE_STUDIO.stepRunId]: call.callId,
      ...(call.stepId ? { [ROUTINE_STUDIO.stepId]: call.stepId } : {}),
      ...(capturesContent() ? { [GEN_AI.toolCallArguments]: contentAttribute(call.arguments) } : {}),
    }),
  );
  if (!span) return execute();
  try {
    const outcome = await context.with(trace.setSpan(context.active(), span), execute);
    guarded(() => {
      span.setAttribute(ROUTINE_STUDIO.stepState, outcome.ok ? "succeeded" : "failed");
      if (outcome.ok) {
        if (outcome.origin) span.setAttribute(ROUTINE_STUDIO.toolOrigin, outcome.origin);
        if (capturesContent()) span.setAttribute(GEN_AI.toolCallResult, contentAttribute(outcome.value));
      } else fail(span, outcome.error, outcome.retryable ? "tool_unavailable" : "tool_error");
    });
    return outcome;
  } catch (error) {
    guarded(() => failWith(span, error));
    throw error;
  } finally {
    span.end();
  }
}

/** A model call as the run's model port makes it. */
export type ChatTrace = {
  /** The model asked for: the request's, else the role's configured model. */
  model: string;
  purpose: string;
  runId?: string;
  stepRunId?: string;
  maxTokens?: number;
  messages: ChatMessageLike[];
};
/** What a model call answers (lib/llm's ChatResult, structurally). */
export type ChatAnswerLike = {
  content: string | null;
  toolCalls: ToolCallLike[];
  finishReason: string;
  usage: { inputTokens: number; outputTokens: number };
  model: string;
};

/** Runs a model call inside a `chat {model}` span under the run's span, with the model's token usage. */
export async function traceChat<T extends ChatAnswerLike>(call: ChatTrace, execute: () => Promise<T>): Promise<T> {
  if (!isTracing()) return execute();
  const span = guarded(() =>
    childSpan(`${GEN_AI_OPERATION.chat} ${call.model}`, SpanKind.CLIENT, {
      [GEN_AI.operationName]: GEN_AI_OPERATION.chat,
      [GEN_AI.providerName]: GEN_AI_PROVIDER_OPENAI,
      [GEN_AI.requestModel]: call.model,
      ...(call.maxTokens ? { [GEN_AI.requestMaxTokens]: call.maxTokens } : {}),
      ...(call.runId ? { [GEN_AI.conversationId]: call.runId, [ROUTINE_STUDIO.runId]: call.runId } : {}),
      ...(call.stepRunId ? { [ROUTINE_STUDIO.stepRunId]: call.stepRunId } : {}),
      [ROUTINE_STUDIO.purpose]: call.purpose,
      ...(capturesContent() ? { [GEN_AI.inputMessages]: contentAttribute(inputMessages(call.messages)) } : {}),
    }),
  );
  if (!span) return execute();
  try {
    const answer = await context.with(trace.setSpan(context.active(), span), execute);
    guarded(() => {
      span.setAttributes({
        [GEN_AI.responseModel]: answer.model,
        [GEN_AI.usageInputTokens]: answer.usage.inputTokens,
        [GEN_AI.usageOutputTokens]: answer.usage.outputTokens,
        [GEN_AI.responseFinishReasons]: [answer.finishReason],
      });
      if (capturesContent()) span.setAttribute(GEN_AI.outputMessages, contentAttribute(outputMessages(answer)));
    });
    return answer;
  } catch (error) {
    guarded(() => failWith(span, error));
    throw error;
  } finally {
    span.end();
  }
}

/** A span under the active one (the run's); none when nothing is active, so no call outside a run starts a trace. */
function childSpan(name: string, kind: SpanKind, attributes: Attributes): Span | undefined {
  if (!isTracing()) return undefined;
  const parent = context.active();
  if (!trace.getSpan(parent)) return undefined;
  return tracer().startSpan(name, { kind, attributes }, parent);
}

function fail(span: Span, message: string, errorType: string): void {
  span.setAttribute(ERROR_TYPE, errorType);
  // A tool's or a model's error text may quote what it was sent: redacted like content, and short.
  span.setStatus({ code: SpanStatusCode.ERROR, message: redactText(message).slice(0, 1_000) });
}

/** An error thrown by a call: its code when it has one (our model client's LlmError), else its class. */
function failWith(span: Span, error: unknown): void {
  const code = (error as { code?: unknown } | null)?.code;
  const type = typeof code === "string" ? code : error instanceof Error ? error.name : "_OTHER";
  const message = error instanceof Error ? error.message : String(error);
  span.recordException({ name: type, message: redactText(message) });
  fail(span, message, type);
}

/** Runs telemetry's own work; whatever it throws is dropped, never the caller's problem. */
function guarded<T>(work: () => T): T | undefined {
  try {
    return work();
  } catch {
    return undefined;
  }
}
