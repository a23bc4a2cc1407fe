import type { JsonValue, StepOf } from "../../../../routine";
import { approves } from "../../approvals";
import { argumentsFromModel } from "./tool-arguments";
import { callTool } from "./tool-call";
import type { StepContext, StepHandler, StepOutcome } from "../handler-types";

type ToolContext = StepContext<StepOf<"tool">>;

const isArguments = (value: JsonValue | null): value is Record<string, JsonValue> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The step waits for an operator to approve exactly `args` (the step run keeps them as its input). */
const waitForApproval = (ctx: ToolContext, args: Record<string, JsonValue>): StepOutcome => ({
  status: "waiting",
  for: "person",
  input: args,
  instruction: `Approve the call to ${ctx.step.tool.server}/${ctx.step.tool.name} with these arguments, or reject it.`,
});

/**
 * A tool step. Arguments come from the routine's bindings; when every parameter is bound the tool is called without
 * the model, otherwise the executor fills the rest (tool-arguments.ts). A step that requires approval waits with
 * its arguments for an operator before the call. A settled input (approved, edited by an operator for a re-run,
 * kept by a retry, or recorded with a call before a restart) is called as it stands, except that a step requiring
 * approval calls it only when the step run carries an operator's approval of exactly that input: an edited or
 * retried input waits for a new approval instead (issue #29), and an approved call interrupted by a restart is not
 * asked again.
 */
export const toolHandler: StepHandler<"tool"> = {
  async run(ctx: ToolContext): Promise<StepOutcome> {
    if (isArguments(ctx.presetInput)) {
      if (ctx.step.requiresApproval && !approves(ctx.stepRun.approval, ctx.presetInput))
        return waitForApproval(ctx, ctx.presetInput);
      return callTool(ctx, ctx.presetInput, false);
    }

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

    if (ctx.step.requiresApproval) return waitForApproval(ctx, args);
    return callTool(ctx, args, byModel);
  },
};
