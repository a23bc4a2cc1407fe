import type { Tiktoken } from "js-tiktoken/lite";
import type { ChatMessage } from "../llm/types";

/** Counts the tokens of a text. */
export type TokenCounter = (text: string) => number;

let encoder: Promise<Tiktoken> | undefined;

/**
 * o200k_base (GPT-4o's encoding), loaded on first use: its ranks are a few megabytes of JavaScript, so only a
 * process that plans pays for them. Other models' tokenizers differ by some percent, which the budget's margin
 * absorbs; what matters is refusing a prompt that is far too large before it is sent.
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

/** Runs of non-space characters longer than this are counted in slices (see countWith). */
const MAX_RUN = 32;
const LONG_RUN = new RegExp(`\\S{${MAX_RUN + 1},}|\\s{${MAX_RUN + 1},}`, "g");
/** The UTF-8 bytes of one slice: BPE's cost grows with the square of this. */
const SLICE_BYTES = 24;
/** Long runs of white space are estimated at a token per this many characters (o200k merges spaces far more). */
const SPACES_PER_TOKEN = 4;

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
 * without a space (measured: 147 s). So each long run of non-space characters (a base64 blob, a long URL, text in
 * a script written without spaces) is cut into short slices put on lines of their own: a line break is always a
 * token of its own in o200k, so the slices are counted as separate pieces in one encode call and the breaks are
 * taken off again. A cut can split a token in two and a break can merge with white space beside it, so such runs
 * count within a token per slice of exact (measured: 6,250 for 50,000 a's, exact). Long runs of white space are
 * estimated. Text without such runs is counted exactly.
 */
function countWith(tiktoken: Tiktoken, text: string): number {
  let estimated = 0;
  let breaks = 0;
  const prepared = text.replace(LONG_RUN, (run) => {
    if (/^\s/.test(run)) {
      estimated += Math.ceil(run.length / SPACES_PER_TOKEN);
      return "";
    }
    const parts = slices(run);
    breaks += parts.length + 1;
    return `\n${parts.join("\n")}\n`;
  });
  return (prepared === "" ? 0 : tiktoken.encode(prepared, [], []).length) - breaks + estimated;
}

/** A counter over o200k_base. Special-token text such as "<|endoftext|>" in a draft is counted as plain text. */
export async function createTokenCounter(): Promise<TokenCounter> {
  const tiktoken = await o200k();
  return (text) => countWith(tiktoken, text);
}

/** OpenAI's accounting for chat messages: a few tokens of framing per message and three to start the answer. */
const PER_MESSAGE = 4;
const REPLY_PRIMING = 3;

/** The prompt's tokens: every message, plus the response_format schema, which the server reads too. */
export function countPromptTokens(count: TokenCounter, messages: readonly ChatMessage[], responseSchema?: Record<string, unknown>): number {
  let total = REPLY_PRIMING;
  for (const message of messages) {
    total += PER_MESSAGE + count(message.content ?? "");
  }
  return responseSchema ? total + count(JSON.stringify(responseSchema)) : total;
}
