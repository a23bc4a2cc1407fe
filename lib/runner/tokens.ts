import type { Tiktoken } from "js-tiktoken/lite";

/** Counts the tokens of a text. */
export type TokenCounter = (text: string) => number;

/**
 * A quick estimate (four characters a token, rounded up) for callers that cannot wait for the tokenizer, such as
 * a benchmark with zero-latency fakes. It under-counts code and non-Latin text; the engine's default is exact.
 */
export const estimateTokens: TokenCounter = (text) => Math.ceil(text.length / 4);

let encoder: Promise<Tiktoken> | undefined;

/** o200k_base (GPT-4o's encoding), loaded on first use: its ranks are megabytes of JavaScript. */
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

/** Longer runs of one character class are counted in slices: BPE merging is quadratic in a pre-token's length. */
const MAX_RUN = 64;
const LONG_RUN = new RegExp(`\\S{${MAX_RUN + 1},}|\\s{${MAX_RUN + 1},}`, "g");

function countWith(tiktoken: Tiktoken, text: string): number {
  // Special-token text such as "<|endoftext|>" inside a tool output is counted as plain text, not refused.
  const encode = (part: string) => (part === "" ? 0 : tiktoken.encode(part, [], []).length);
  let count = 0;
  let last = 0;
  for (const run of text.matchAll(LONG_RUN)) {
    count += encode(text.slice(last, run.index));
    for (let at = 0; at < run[0].length; at += MAX_RUN) count += encode(run[0].slice(at, at + MAX_RUN));
    last = run.index + run[0].length;
  }
  return count + encode(text.slice(last));
}

/**
 * An exact counter over o200k_base; other models' tokenizers differ by some percent, which the context budget's
 * margin absorbs. A slice border can split a token, so a count may be a little high, never low.
 */
export async function createTokenCounter(): Promise<TokenCounter> {
  const tiktoken = await o200k();
  return (text) => countWith(tiktoken, text);
}

/**
 * Whether a text fits a token budget, counting only when it might not: byte-level BPE never makes more tokens than
 * the text has UTF-8 bytes, so a short prompt is known to fit without running the tokenizer.
 */
export function fitsTokens(text: string, budget: number, count: TokenCounter): boolean {
  if (Buffer.byteLength(text, "utf8") <= budget) return true;
  return count(text) <= budget;
}
