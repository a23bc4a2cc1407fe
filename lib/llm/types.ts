import type { LlmErrorCode } from "./errors";
import type { LlmRole } from "./roles";

/** A tool call the model asked for; `arguments` is the model's JSON text, unparsed (it may be invalid). */
export type ToolCall = { id: string; name: string; arguments: string };

/** One message of a conversation, in our own shape (mapped to the wire format by the client). */
export type ChatMessage =
  | { role: "system"; content: string }
  | { role: "user"; content: string }
  | { role: "assistant"; content: string | null; toolCalls?: ToolCall[] }
  | { role: "tool"; toolCallId: string; content: string };

/** A function the model may call; `parameters` is a JSON Schema object. */
export type ToolSpec = { name: string; description?: string; parameters: Record<string, unknown>; strict?: boolean };

/** "auto" (default when tools are given), "none", "required" (some tool), or one named tool. */
export type ToolChoice = "auto" | "none" | "required" | { name: string };

/** Who and what a call was for, recorded with its token usage. */
export type LlmCallContext = {
  userId?: string;
  routineId?: string;
  versionId?: string;
  runId?: string;
  /** The step run a run's model call served, so its exchange shows on that step. */
  stepRunId?: string;
};

export type ChatRequest = {
  /** What the call is for, e.g. "planner.optimize" or "settings.test"; recorded with the usage. */
  purpose: string;
  /** Another model of the same endpoint than the role's configured one (an evaluation compares models). */
  model?: string;
  messages: ChatMessage[];
  tools?: ToolSpec[];
  toolChoice?: ToolChoice;
  /** Structured output: the answer must match this JSON Schema (passed through as response_format json_schema). */
  responseFormat?: { name: string; schema: Record<string, unknown>; strict?: boolean };
  maxTokens?: number;
  temperature?: number;
  signal?: AbortSignal;
  context?: LlmCallContext;
};

export type TokenUsage = { inputTokens: number; outputTokens: number };

export type ChatResult = {
  content: string | null;
  toolCalls: ToolCall[];
  /** "stop", "length", "tool_calls", "content_filter", … as the server said; "unknown" when it said nothing. */
  finishReason: string;
  usage: TokenUsage;
  /** The model that answered, as the server named it (may differ from the configured alias). */
  model: string;
  /** Requests sent, including the successful one. */
  attempts: number;
};

/**
 * What a chat call sent and what came back, in our own message shapes, with the API key (and anything shaped like a
 * provider key) redacted from every text. `response` is null when the call failed.
 */
export type LlmExchange = {
  request: {
    messages: ChatMessage[];
    tools?: ToolSpec[];
    toolChoice?: ToolChoice;
    responseFormat?: ChatRequest["responseFormat"];
  };
  response: { content: string | null; toolCalls: ToolCall[]; finishReason: string } | null;
};

/** One logical call (all its attempts), as reported to the usage recorder. */
export type LlmCallRecord = {
  role: LlmRole;
  model: string;
  purpose: string;
  context: LlmCallContext;
  inputTokens: number;
  outputTokens: number;
  durationMs: number;
  attempts: number;
  status: "ok" | "error";
  /** On failure: the LlmError's code and message (never the API key), and the endpoint's own explanation if any. */
  error?: { code: LlmErrorCode; message: string; serverMessage?: string };
  /** A chat call's request and answer (absent for a models list), kept for admins to read within the retention. */
  exchange?: LlmExchange;
};

export type LlmClientConfig = {
  role: LlmRole;
  /** The OpenAI-compatible API root, usually ending in /v1. */
  baseUrl: string;
  apiKey?: string;
  /** May be empty for a client used only to list models. */
  model: string;
  /** Per attempt, from sending the request to the end of the answer. */
  timeoutMs: number;
  /** Retries after the first attempt, for 429, 5xx, timeouts and connection failures. */
  maxRetries: number;
};

export type LlmClientDeps = {
  recordUsage?: (call: LlmCallRecord) => Promise<void>;
  /** Waits between attempts; injected by tests so backoff takes no time. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Default: the outbound policy's guarded fetch (lib/outbound); tests inject scripted answers. */
  fetch?: typeof fetch;
  /** Jitter source in [0, 1); injected by tests for exact delays. */
  random?: () => number;
};

export type CallOptions = { purpose?: string; signal?: AbortSignal; context?: LlmCallContext };

export type PingResult = { latencyMs: number; model: string; detail: string };

export interface LlmClient {
  readonly role: LlmRole;
  readonly model: string;
  /** One chat completion, retried on transient failures; throws LlmError when it fails for good. */
  chat(request: ChatRequest): Promise<ChatResult>;
  /** The model ids the endpoint offers (GET /models). */
  listModels(options?: CallOptions): Promise<string[]>;
  /** One vector per text (POST /embeddings), in order, retried and recorded like a chat call (without the texts). */
  embed(texts: string[], options?: CallOptions): Promise<number[][]>;
  /** A cheap real request: a 1-token chat with the configured model, or the models list when there is none. */
  ping(options?: CallOptions): Promise<PingResult>;
}
