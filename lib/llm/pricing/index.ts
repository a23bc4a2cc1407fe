// Model prices per million tokens and cost estimates. Safe in the browser (the run view shows costs).
export { estimateCost, modelPriceTable, priceOf } from "./prices";
export type { ModelPrice } from "./prices";
