import type { StepOf } from "../../../../routine";
import type { StepContext, StepHandler, StepOutcome } from "../handler-types";

/**
 * A human step waits for an operator. The decision is written by the server (operatorDecision in operator.ts): the
 * step succeeds with the form's values (or `{ approved: true }`) or fails when rejected, and the engine is run again.
 */
export const humanHandler: StepHandler<"human"> = {
  async run(ctx: StepContext<StepOf<"human">>): Promise<StepOutcome> {
    const instruction = ctx.step.instruction || ctx.step.description || `Decide step "${ctx.step.name}".`;
    return { status: "waiting", for: "person", instruction };
  },
};
