import type { ChatMessage, ToolCall, ToolChoice, ToolSpec } from "@/lib/llm";

/** Set on a request or answer kept in a clipped form (it was over the size cap). */
export type ExchangeClipNote = { originalBytes: number; omittedMessages?: number };

/** One model call of a run as the side panel shows it (plain values: it crosses from a server action). */
export type ModelExchangeData = {
  id: string;
  /** ISO time of the call. */
  at: string;
  purpose: string;
  model: string;
  inputTokens: number;
  outputTokens: number;
  durationMs: number;
  attempts: number;
  status: "ok" | "error";
  error: string | null;
  /** Null when the exchange was not kept (retention 0 then) or has been cleared since. */
  request: {
    messages: ChatMessage[];
    tools?: ToolSpec[];
    toolChoice?: ToolChoice;
    responseFormat?: { name: string; schema: Record<string, unknown>; strict?: boolean };
    clipped?: ExchangeClipNote;
  } | null;
  /** Null when the call failed, or the exchange was not kept. */
  response: { content: string | null; toolCalls: ToolCall[]; finishReason: string; clipped?: ExchangeClipNote } | null;
};

export type ModelExchangesResult =
  { ok: true; exchanges: ModelExchangeData[]; total: number } | { ok: false; message: string };

/** Loads a step run's exchanges, or the run-level ones (`stepRunId` null). The server action refuses non-admins. */
export type LoadModelExchanges = (runId: string, stepRunId: string | null) => Promise<ModelExchangesResult>;
