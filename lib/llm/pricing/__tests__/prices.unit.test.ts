import { describe, expect, it, vi } from "vitest";
import { DEFAULT_MODEL_PRICES, estimateCost, modelPriceTable, priceOf } from "../prices";

describe("model prices", () => {
  it("matches the longest prefix, falls back to the default, and prices tokens per million", () => {
    const table = modelPriceTable({});
    expect(priceOf("gpt-4o-mini-2024-07-18", table).matched).toBe("gpt-4o-mini");
    expect(priceOf("gpt-4o-2024-08-06", table).matched).toBe("gpt-4o");
    expect(priceOf("llama-3.1-8b", table)).toEqual({ price: DEFAULT_MODEL_PRICES.default, matched: "default" });
    expect(priceOf(null, table).matched).toBe("default");
    expect(estimateCost({ inputTokens: 1_000_000, outputTokens: 500_000 }, { input: 2.5, output: 10 })).toBeCloseTo(
      7.5,
    );
  });

  it("takes overrides and new models from MODEL_PRICES, ignoring malformed entries and text", () => {
    const table = modelPriceTable({
      MODEL_PRICES: JSON.stringify({
        "gpt-4o": { input: 5, output: 15 },
        "local-": { input: 0, output: 0 },
        broken: { input: "x" },
        negative: { input: -1, output: 1 },
      }),
    });
    expect(table["gpt-4o"]).toEqual({ input: 5, output: 15 });
    expect(priceOf("local-llama", table).price).toEqual({ input: 0, output: 0 });
    expect(table.broken).toBeUndefined();
    expect(table.negative).toBeUndefined();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(modelPriceTable({ MODEL_PRICES: "{nope" })).toEqual(DEFAULT_MODEL_PRICES);
    warn.mockRestore();
  });
});
