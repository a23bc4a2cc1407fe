import type { StepKind } from "../schema";
import type { Rule } from "../validation/base/rule";
import { routineRules } from "./routine/validation";
import { toolRules } from "./tool/validation";
import { NO_RULES, type StepKindRules } from "./validation-types";

export type { StepKindRules } from "./validation-types";

/**
 * Every kind's own validation rules. Apart from the descriptors (./index.ts) because the rules import the validation
 * base that the shared rules, which ask the descriptors, import too.
 */
export const STEP_KIND_RULES: { readonly [K in StepKind]: StepKindRules } = {
  tool: toolRules,
  skill: NO_RULES,
  branch: NO_RULES,
  human: NO_RULES,
  routine: routineRules,
  end: NO_RULES,
};

/** The kinds' rules of one group, in kind order. */
export function kindRules(group: keyof StepKindRules): Rule[] {
  return Object.values(STEP_KIND_RULES).flatMap((rules) => rules[group]);
}
