import type { StepKind, StepOf } from "../../../routine";
import { branchHandler } from "./branch";
import { endHandler } from "./end";
import { humanHandler } from "./human";
import { routineHandler } from "./routine";
import { skillHandler } from "./skill";
import { toolHandler } from "./tool";
import type { StepContext, StepHandler, StepOutcome } from "./types";

/** One handler per step kind; the engine looks a step's handler up here and knows no kind itself. */
export const STEP_HANDLERS: { readonly [K in StepKind]: StepHandler<K> } = {
  tool: toolHandler,
  skill: skillHandler,
  branch: branchHandler,
  human: humanHandler,
  routine: routineHandler,
  end: endHandler,
};

/** Runs the handler of the context's step kind. */
export function runHandler(context: StepContext): Promise<StepOutcome> {
  const handler = STEP_HANDLERS[context.step.kind] as StepHandler<StepKind>;
  return handler.run(context as StepContext<StepOf<StepKind>>);
}

/** Asks a waiting step's handler whether the wait is over; null while it still waits (or waits for a person). */
export async function resumeHandler(context: StepContext): Promise<StepOutcome | null> {
  const handler = STEP_HANDLERS[context.step.kind] as StepHandler<StepKind>;
  return handler.resume ? handler.resume(context as StepContext<StepOf<StepKind>>) : null;
}
