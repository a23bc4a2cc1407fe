import type { StepKind, StepOf } from "../schema";
import { branchText } from "./branch/text";
import { endText } from "./end/text";
import { humanText } from "./human/text";
import { routineText } from "./routine/text";
import { skillText } from "./skill/text";
import type { StepKindText } from "./text-types";
import { toolText } from "./tool/text";

export type { StepKindText } from "./text-types";

/**
 * Every kind's paper-text hooks. Apart from the descriptors (./index.ts) because these import the text helpers, and
 * the text helpers ask the descriptors about kinds: one registry would close that circle.
 */
export const STEP_KIND_TEXT: { readonly [K in StepKind]: StepKindText<K> } = {
  tool: toolText,
  skill: skillText,
  branch: branchText,
  human: humanText,
  routine: routineText,
  end: endText,
};

/** The paper-text hooks of `step`'s kind (see describeStep for why the cast holds). */
export function textOfStep<K extends StepKind>(step: StepOf<K>): StepKindText<K> {
  return STEP_KIND_TEXT[step.kind as K] as unknown as StepKindText<K>;
}
