import type { Rule } from "../validation/base/rule";

/**
 * A kind's own validation rules, by what they check against, so validateRoutine keeps one order of issues: the tool
 * catalog's checks, then (after the bindings' checks every kind shares) other routines', the actors' and last the
 * actor's toolkit.
 */
export type StepKindRules = {
  readonly tools: readonly Rule[];
  readonly routines: readonly Rule[];
  readonly actors: readonly Rule[];
  readonly toolkits: readonly Rule[];
};

/** A kind that needs no rules of its own. */
export const NO_RULES: StepKindRules = { tools: [], routines: [], actors: [], toolkits: [] };
