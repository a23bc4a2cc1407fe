import type { EvalMode } from "./case-schema";

/** One comparison a suite's page shows: the lift of `subject` over `reference` (configuration indexes). */
export type Comparison = { subject: number; reference: number };

/**
 * Which configurations a suite compares, so the page states each lift once and always the same way round: the
 * reference is the suite's first baseline (the model without the routine) when it has one, else its first
 * configuration; every other configuration is compared with it. One configuration: nothing to compare.
 */
export function suiteComparisons(configurations: ReadonlyArray<{ mode: EvalMode }>): Comparison[] {
  if (configurations.length < 2) return [];
  const baseline = configurations.findIndex((config) => config.mode === "baseline");
  const reference = baseline >= 0 ? baseline : 0;
  return configurations.flatMap((_, index) => (index === reference ? [] : [{ subject: index, reference }]));
}
