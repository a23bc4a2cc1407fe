/**
 * Prices per million tokens, for the run view's cost estimate (an estimate: providers change prices and bill by
 * their own counts). Matched by the longest model-name prefix; `MODEL_PRICES` (JSON, e.g.
 * `{"gpt-4o":{"input":2.5,"output":10}}`) adds to or overrides the defaults; unknown models use `default`.
 */
export type ModelPrice = { input: number; output: number };

export const DEFAULT_MODEL_PRICES: Readonly<Record<string, ModelPrice>> = {
  default: { input: 1, output: 4 },
  "gpt-4o-mini": { input: 0.15, output: 0.6 },
  "gpt-4o": { input: 2.5, output: 10 },
  "gpt-4.1-nano": { input: 0.1, output: 0.4 },
  "gpt-4.1-mini": { input: 0.4, output: 1.6 },
  "gpt-4.1": { input: 2, output: 8 },
  "gpt-5-nano": { input: 0.05, output: 0.4 },
  "gpt-5-mini": { input: 0.25, output: 2 },
  "gpt-5": { input: 1.25, output: 10 },
  "o4-mini": { input: 1.1, output: 4.4 },
  o3: { input: 2, output: 8 },
};

const priceSchemaOk = (value: unknown): value is ModelPrice =>
  !!value &&
  typeof value === "object" &&
  Number.isFinite((value as ModelPrice).input) &&
  Number.isFinite((value as ModelPrice).output) &&
  (value as ModelPrice).input >= 0 &&
  (value as ModelPrice).output >= 0;

/** The price table: the defaults with `MODEL_PRICES` entries on top (malformed entries are ignored). */
export function modelPriceTable(env: Record<string, string | undefined> = process.env): Record<string, ModelPrice> {
  const table: Record<string, ModelPrice> = { ...DEFAULT_MODEL_PRICES };
  if (!env.MODEL_PRICES) return table;
  try {
    const parsed = JSON.parse(env.MODEL_PRICES) as Record<string, unknown>;
    for (const [model, price] of Object.entries(parsed))
      if (priceSchemaOk(price)) table[model] = { input: price.input, output: price.output };
  } catch {
    console.warn("[llm] MODEL_PRICES is not valid JSON; using the default prices");
  }
  return table;
}

/** The price of `model`: the entry whose name is the longest prefix of it, else `default`. */
export function priceOf(
  model: string | null,
  table: Readonly<Record<string, ModelPrice>>,
): { price: ModelPrice; matched: string } {
  const name = (model ?? "").toLowerCase();
  let best = "default";
  for (const key of Object.keys(table)) {
    if (key !== "default" && name.startsWith(key.toLowerCase()) && key.length > (best === "default" ? 0 : best.length))
      best = key;
  }
  return { price: table[best] ?? { input: 0, output: 0 }, matched: best };
}

/** Cost in US dollars of the given token counts at `price`. */
export function estimateCost(tokens: { inputTokens: number; outputTokens: number }, price: ModelPrice): number {
  return (tokens.inputTokens * price.input + tokens.outputTokens * price.output) / 1_000_000;
}
