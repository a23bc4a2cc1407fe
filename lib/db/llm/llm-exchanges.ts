import "server-only";
import { z } from "zod";
import { ADMIN_ROLES, type Viewer, requireRole } from "../../access";
import type { LlmCallRecord } from "../../llm";
import { parseInput, prisma, withDbErrors } from "../core";

type Exchange = NonNullable<LlmCallRecord["exchange"]>;

/** The most a stored request or answer may take as JSON; beyond it a clipped form is kept, saying so. */
export const MAX_EXCHANGE_BYTES = 256 * 1024;
/** Each long text is cut to the first of these that makes the whole fit. */
const CLIP_LENGTHS = [16_384, 4_096, 1_024, 256];

/** Set in a stored request or answer that had to be clipped: its size before, and how many messages were left out. */
export type ClipNote = { originalBytes: number; omittedMessages?: number };

const bytesOf = (text: string) => Buffer.byteLength(text, "utf8");

function clipStrings(value: unknown, limit: number): unknown {
  if (typeof value === "string")
    return value.length > limit ? `${value.slice(0, limit)}… [${value.length - limit} more characters clipped]` : value;
  if (Array.isArray(value)) return value.map((item) => clipStrings(item, limit));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, clipStrings(item, limit)]));
  return value;
}

/**
 * The JSON kept for one side of an exchange, at most `max` bytes: whole when it fits; else with every long text
 * cut shorter until it does; else (a very long conversation) the first message and as many of the latest as fit.
 * A clipped form carries `clipped: ClipNote` so a reader is told.
 */
export function exchangeJson(value: object, max = MAX_EXCHANGE_BYTES): string {
  const full = JSON.stringify(value);
  const originalBytes = bytesOf(full);
  if (originalBytes <= max) return full;
  let clipped = value as Record<string, unknown>;
  for (const limit of CLIP_LENGTHS) {
    clipped = clipStrings(value, limit) as Record<string, unknown>;
    const text = JSON.stringify({ ...clipped, clipped: { originalBytes } satisfies ClipNote });
    if (bytesOf(text) <= max) return text;
  }
  const messages = Array.isArray(clipped.messages) ? (clipped.messages as unknown[]) : [];
  const note = (omittedMessages: number): ClipNote => ({ originalBytes, omittedMessages });
  // Room left once everything but the messages is written (the note's number is given room too).
  const room = max - bytesOf(JSON.stringify({ ...clipped, messages: [], clipped: note(Number.MAX_SAFE_INTEGER) }));
  const sizes = messages.map((message) => bytesOf(JSON.stringify(message)) + 1);
  let used = messages.length > 0 ? sizes[0]! : 0;
  let from = messages.length;
  while (from > 1 && used + sizes[from - 1]! <= room) used += sizes[--from]!;
  const kept = used <= room ? [...messages.slice(0, 1), ...messages.slice(from)] : [];
  const text = JSON.stringify({ ...clipped, messages: kept, clipped: note(messages.length - kept.length) });
  return bytesOf(text) <= max ? text : JSON.stringify({ messages: [], clipped: note(messages.length) });
}

/** The request and answer columns of a call, or nulls when the retention keeps no exchanges. */
export function storedExchange(
  exchange: Exchange | undefined,
  retentionDays: number,
): { request: string | null; response: string | null } {
  if (!exchange || retentionDays <= 0) return { request: null, response: null };
  return {
    request: exchangeJson(exchange.request),
    response: exchange.response ? exchangeJson(exchange.response) : null,
  };
}

/** One model call of a run as an admin reads it: its usage, and its exchange while kept. */
export type ModelExchangeView = {
  id: string;
  at: Date;
  role: string;
  purpose: string;
  model: string;
  inputTokens: number;
  outputTokens: number;
  durationMs: number;
  attempts: number;
  status: "ok" | "error";
  error: string | null;
  /** Null when it was not kept (retention 0 at the time, or cleared since). */
  request: (Exchange["request"] & { clipped?: ClipNote }) | null;
  /** Null when the call failed or the exchange was not kept. */
  response: (NonNullable<Exchange["response"]> & { clipped?: ClipNote }) | null;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function parseRequest(text: string | null): ModelExchangeView["request"] {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) && Array.isArray(value.messages) ? (value as ModelExchangeView["request"]) : null;
  } catch {
    return null;
  }
}

function parseResponse(text: string | null): ModelExchangeView["response"] {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (!isRecord(value)) return null;
    return {
      ...value,
      toolCalls: Array.isArray(value.toolCalls) ? value.toolCalls : [],
    } as ModelExchangeView["response"];
  } catch {
    return null;
  }
}

const listInput = z.object({
  runId: z.string().min(1, "Missing the run.").max(100),
  stepRunId: z.string().min(1).max(100).optional(),
  limit: z.number().int().min(1).max(200).default(50),
});

/**
 * A run's model exchanges, oldest first: a step run's calls when `stepRunId` is given, else the run-level ones
 * (an agent-mode run's turns, which serve no single step). At most `limit` (default 50), the latest ones; `total`
 * says how many there are. Admins only: exchanges hold whatever the run's data and prompts held.
 */
export async function listModelExchanges(
  viewer: Viewer | null,
  input: z.input<typeof listInput>,
): Promise<{ exchanges: ModelExchangeView[]; total: number }> {
  requireRole(viewer, ...ADMIN_ROLES);
  const { runId, stepRunId, limit } = parseInput(listInput, input);
  return withDbErrors(async () => {
    const where = { runId, stepRunId: stepRunId ?? null };
    const [rows, total] = await Promise.all([
      prisma.llmCall.findMany({ where, orderBy: [{ at: "desc" }, { id: "desc" }], take: limit }),
      prisma.llmCall.count({ where }),
    ]);
    return {
      total,
      exchanges: rows.reverse().map((row) => ({
        id: row.id,
        at: row.at,
        role: row.role,
        purpose: row.purpose,
        model: row.model,
        inputTokens: row.inputTokens,
        outputTokens: row.outputTokens,
        durationMs: row.durationMs,
        attempts: row.attempts,
        status: row.status === "error" ? "error" : "ok",
        error: row.error,
        request: parseRequest(row.request),
        response: parseResponse(row.response),
      })),
    };
  });
}
