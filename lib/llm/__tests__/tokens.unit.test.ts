import { Tiktoken } from "js-tiktoken/lite";
import o200kBase from "js-tiktoken/ranks/o200k_base";
import { describe, expect, it, vi } from "vitest";
import { countPromptTokens, createTokenCounter, fitsTokens } from "../tokens";

describe("counting tokens (o200k_base)", () => {
  it("counts like the tokenizer for ordinary text", async () => {
    const count = await createTokenCounter();
    expect(count("hello world")).toBe(2);
    expect(count("")).toBe(0);
    const prose = "The employee asks for leave. ".repeat(1000);
    expect(count(prose)).toBeGreaterThan(5_000);
    expect(count(prose)).toBeLessThan(8_000);
  });

  it("counts long runs without a space without hanging (the whole-string count takes minutes), close to exact", async () => {
    const count = await createTokenCounter();
    const started = performance.now();
    const as = count("a".repeat(50_000));
    const chinese = count("说明".repeat(10_000));
    const spaces = count(" ".repeat(50_000));
    // A guard against the minutes-long whole-string count, not a speed target (those live in bench/): ~0.5 s here.
    expect(performance.now() - started).toBeLessThan(15_000);
    // Exact for the a's, measured with the whole string: 6,250.
    expect(as).toBeGreaterThanOrEqual(6_250);
    expect(as).toBeLessThan(6_250 * 1.1);
    expect(chinese).toBeGreaterThanOrEqual(10_000);
    expect(spaces).toBeGreaterThan(0);
  });

  it("does not count a long run of punctuated text (JSON without spaces) below the whole-string count", async () => {
    const count = await createTokenCounter();
    const json = JSON.stringify(
      Array.from({ length: 60 }, (_, index) => ({ id: `E${index}`, name: "Ann", days: index })),
    );
    expect(json).not.toMatch(/\s/);
    const exact = new Tiktoken(o200kBase).encode(json, [], []).length;
    expect(count(json)).toBeGreaterThanOrEqual(exact);
    expect(count(json)).toBeLessThan(exact * 1.1);
  });

  it("reads special-token text as plain text", async () => {
    const count = await createTokenCounter();
    expect(count("before <|endoftext|> after")).toBeGreaterThan(3);
  });

  it("adds message framing and the answer schema to the prompt's count", async () => {
    const count = await createTokenCounter();
    const messages = [
      { role: "system" as const, content: "hello world" },
      { role: "user" as const, content: "hello world" },
    ];
    expect(countPromptTokens(count, messages)).toBe(3 + 2 * (4 + 2));
    expect(countPromptTokens(count, messages, { type: "object" })).toBeGreaterThan(countPromptTokens(count, messages));
  });
});

describe("fitsTokens", () => {
  it("knows a text of no more bytes than the budget fits without counting, and counts a longer one", async () => {
    const count = vi.fn(await createTokenCounter());
    expect(fitsTokens("hello world", 11, count)).toBe(true);
    expect(count).not.toHaveBeenCalled();
    expect(fitsTokens("hello world", 2, count)).toBe(true);
    expect(fitsTokens("hello world", 1, count)).toBe(false);
    expect(count).toHaveBeenCalledTimes(2);
  });
});

describe("counting a text again", () => {
  it("gives the tokenizer's count every time, for texts counted before and after many others", async () => {
    const count = await createTokenCounter();
    const tiktoken = new Tiktoken(o200kBase);
    const texts = Array.from({ length: 600 }, (_, index) =>
      `Step ${index}: look up employee E${1000 + index}. `.repeat(8),
    );
    const first = texts.map((text) => count(text));
    // 600 texts: more than the counts kept, so the earliest were let go and are counted afresh.
    const again = texts.map((text) => count(text));
    expect(again).toEqual(first);
    for (const index of [0, 299, 599]) expect(first[index]).toBe(tiktoken.encode(texts[index]!, [], []).length);
    // A second counter shares what the first counted, and still agrees.
    const other = await createTokenCounter();
    expect(texts.map((text) => other(text))).toEqual(first);
  });
});
