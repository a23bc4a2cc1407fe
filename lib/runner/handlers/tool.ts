import type { JsonValue, StepOf } from "../../routine";
import { argumentsFromModel } from "./tool-arguments";
import { callTool } from "./tool-call";
import type { StepContext, StepHandler, StepOutcome } from "./types";

const isArguments = (value: JsonValue | null): value is Record<string, JsonValue> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A tool step. Arguments come from the routine's bindings; when every parameter is bound the tool is called without
 * the model, otherwise the executor fills the rest (tool-arguments.ts). A step that requires approval waits with
 * its arguments for an operator before the call; once approved (or after a restart with the call already recorded)
 * the settled input is called as it stands.
 */
export const toolHandler: StepHandler<"tool"> = {
  async run(ctx: StepContext<StepOf<"tool">>): Promise<StepOutcome> {
    if (isArguments(ctx.presetInput)) return callTool(ctx, ctx.presetInput, false);

    const { bound, unbound } = await ctx.values.resolveInputs(ctx.step.inputs);
    const byModel = Object.keys(unbound).length > 0;
    let args = bound;
    if (byModel) {
      const result = await argumentsFromModel(ctx, bound, unbound);
      if (!result.ok) return { status: "failed", error: result.error };
      args = result.args;
    } else {
      const problems = await ctx.tools.checkArguments(
        ctx.step.tool,
        (await ctx.values.expand(args, ctx.values.scopeOf(ctx.step.inputs))) as Record<string, JsonValue>,
      );
      if (problems.length > 0)
        return {
          status: "failed",
          error: `The routine's arguments for ${ctx.step.tool.name} are invalid: ${problems.join("; ")}.`,
        };
    }

    if (ctx.step.requiresApproval) {
      return {
        status: "waiting",
        for: "person",
        input: args,
        instruction: `Approve the call to ${ctx.step.tool.server}/${ctx.step.tool.name} with these arguments, or reject it.`,
      };
    }
    return callTool(ctx, args, byModel);
  },
};
