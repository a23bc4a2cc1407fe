import type { Tiktoken } from "js-tiktoken/lite";
import type { ChatMessage, ToolSpec } from "./types";

/** Counts the tokens of a text. */
export type TokenCounter = (text: string) => number;

/**
 * A quick estimate (four characters a token, rounded up) for callers that cannot wait for the tokenizer, such as
 * a benchmark with zero-latency fakes. It under-counts code and non-Latin text; the real counter is exact.
 */
export const estimateTokens: TokenCounter = (text) => Math.ceil(text.length / 4);

let encoder: Promise<Tiktoken> | undefined;

/**
 * o200k_base (GPT-4o's encoding), loaded on first use: its ranks are a few megabytes of JavaScript, so only a
 * process that counts pays for them.
 */
function o200k(): Promise<Tiktoken> {
  encoder ??= Promise.all([import("js-tiktoken/lite"), import("js-tiktoken/ranks/o200k_base")]).then(
    ([{ Tiktoken }, ranks]) => new Tiktoken(ranks.default),
    (error: unknown) => {
      encoder = undefined;
      throw error;
    },
  );
  return encoder;
}

/** Runs of one character class longer than this are counted in slices (see countWith). */
const MAX_RUN = 64;
const LONG_RUN = new RegExp(`\\S{${MAX_RUN + 1},}|\\s{${MAX_RUN + 1},}`, "g");
/** The UTF-8 bytes of one slice: BPE's cost grows with the square of this, and it works on bytes, not characters. */
const SLICE_BYTES = 64;

/** Cuts a run into slices of at most SLICE_BYTES UTF-8 bytes, never inside a character. */
function slices(run: string): string[] {
  const parts: string[] = [];
  let current = "";
  let bytes = 0;
  for (const char of run) {
    const size = char.length > 1 ? 4 : char.charCodeAt(0) < 0x80 ? 1 : char.charCodeAt(0) < 0x800 ? 2 : 3;
    if (bytes + size > SLICE_BYTES) {
      parts.push(current);
      current = "";
      bytes = 0;
    }
    current += char;
    bytes += size;
  }
  if (current) parts.push(current);
  return parts;
}

/**
 * BPE merging is quadratic in the length of one pre-token, and js-tiktoken takes minutes for 50,000 characters
 * without a space (measured: 147 s). So each long run (a base64 blob, a long URL, text in a script written without
 * spaces, a wall of white space) is encoded in short slices, each on its own; the text around the runs is encoded
 * as it is, so text without such runs is counted exactly.
 */
function countWith(tiktoken: Tiktoken, text: string): number {
  // Special-token text such as "<|endoftext|>" in a draft or a tool output is counted as plain text, not refused.
  const encode = (part: string) => (part === "" ? 0 : tiktoken.encode(part, [], []).length);
  let count = 0;
  let last = 0;
  for (const run of text.matchAll(LONG_RUN)) {
    count += encode(text.slice(last, run.index));
    for (const slice of slices(run[0])) count += encode(slice);
    last = run.index + run[0].length;
  }
  return count + encode(text.slice(last));
}

/**
 * A counter over o200k_base; other models' tokenizers differ by some percent, which a budget's margin absorbs.
 * A slice border can split a token, so a long run may count a little high (measured: 6,250 for 50,000 a's, exact).
 */
export async function createTokenCounter(): Promise<TokenCounter> {
  const tiktoken = await o200k();
  return (text) => {
    if (text.length < MEMO_MIN_CHARS) return countWith(tiktoken, text);
    const known = counted.get(text);
    if (known !== undefined) {
      // Most recently used last: the oldest entry is the first the bound evicts.
      counted.delete(text);
      counted.set(text, known);
      return known;
    }
    const count = countWith(tiktoken, text);
    counted.set(text, count);
    if (counted.size > MEMO_ENTRIES) counted.delete(counted.keys().next().value!);
    return count;
  };
}

/**
 * Counts of long texts already counted, most recently used last. The same texts come again and again: a run's
 * system prompt and tool definitions on every model turn, a routine's prompt in every run of a suite. Looking a text
 * up costs a hash of it; encoding it costs BPE (~1 ms per few thousand characters).
 */
const counted = new Map<string, number>();
const MEMO_MIN_CHARS = 256;
const MEMO_ENTRIES = 512;

/**
 * Whether a text fits a token budget, counting only when it might not: byte-level BPE never makes more tokens than
 * the text has UTF-8 bytes, so a short text is known to fit without running the tokenizer.
 */
export function fitsTokens(text: string, budget: number, count: TokenCounter): boolean {
  if (Buffer.byteLength(text, "utf8") <= budget) return true;
  return count(text) <= budget;
}

/** OpenAI's accounting for chat messages: a few tokens of framing per message and three to start the answer. */
const PER_MESSAGE = 4;
const REPLY_PRIMING = 3;

/**
 * What a request's tool definitions add to its prompt: each function's name, description and parameter schema, as
 * the server reads them (an estimate by their JSON; the server's own rendering differs by a few tokens per tool).
 */
export function countToolTokens(count: TokenCounter, tools: readonly ToolSpec[]): number {
  return tools.reduce((sum, tool) => sum + count(JSON.stringify(tool)), 0);
}

/** The prompt's tokens: every message, plus the response_format schema, which the server reads too. */
export function countPromptTokens(
  count: TokenCounter,
  messages: readonly ChatMessage[],
  responseSchema?: Record<string, unknown>,
): number {
  let total = REPLY_PRIMING;
  for (const message of messages) {
    total += PER_MESSAGE + count(message.content ?? "");
  }
  return responseSchema ? total + count(JSON.stringify(responseSchema)) : total;
}
