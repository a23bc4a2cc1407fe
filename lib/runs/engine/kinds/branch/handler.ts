import type { ChatMessage } from "../../../../llm";
import type { Edge, StepOf } from "../../../../routine";
import { evaluateCondition, parseExpression, referencedPaths } from "../../expression";
import { errorMessage } from "../../errors";
import { stopsRun } from "../../ports";
import { expressionScope } from "../../expression-scope";
import type { BranchChoice } from "../../position";
import type { StepContext, StepHandler, StepOutcome } from "../handler-types";

type BranchContext = StepContext<StepOf<"branch">>;

/**
 * A branch step picks one way out. A single way is taken without asking. Ways with an expression are evaluated in
 * order over the run's values and the first that holds is taken; when none holds and exactly one way has no
 * expression, that one is the "otherwise". Otherwise the executor picks among the remaining labelled ways with a
 * structured answer (one repair turn for a label that is not offered). The choice is the step's output, which is
 * how the run finds its way after a restart.
 */
export const branchHandler: StepHandler<"branch"> = {
  async run(ctx: BranchContext): Promise<StepOutcome> {
    const ways = ctx.index.outgoing(ctx.step.id);
    if (ways.length === 0) return { status: "failed", error: `Branch "${ctx.step.name}" has no way out.` };
    if (ways.length === 1) return chosen(ways[0], "only_way");

    const withExpression = ways.filter((way) => way.condition?.expression?.trim());
    for (const way of withExpression) {
      try {
        const expression = way.condition!.expression!;
        const roots = referencedPaths(parseExpression(expression)).map((path) => path[0]);
        if (evaluateCondition(expression, await expressionScope(roots, ctx.run, ctx.index, ctx.values)))
          return chosen(way, "expression");
      } catch (error) {
        if (stopsRun(error)) throw error;
        return {
          status: "failed",
          error: `The condition of way "${label(way)}" cannot be evaluated: ${errorMessage(error)}`,
        };
      }
    }
    const rest = ways.filter((way) => !withExpression.includes(way));
    if (rest.length === 0)
      return {
        status: "failed",
        error: `No condition of branch "${ctx.step.name}" holds, and it has no other way out.`,
      };
    if (rest.length === 1) return chosen(rest[0], withExpression.length > 0 ? "expression" : "only_way");
    return askModel(ctx, rest);
  },
};

const label = (way: Edge) => way.condition?.label || way.target;

function chosen(way: Edge, by: BranchChoice["by"]): StepOutcome {
  const choice: BranchChoice = { edgeId: way.id, label: label(way), by };
  return { status: "succeeded", outputs: choice };
}

async function askModel(ctx: BranchContext, ways: Edge[]): Promise<StepOutcome> {
  const labels = ways.map(label);
  const schema = {
    type: "object",
    properties: { branch: { type: "string", enum: labels }, reason: { type: "string" } },
    required: ["branch", "reason"],
    additionalProperties: false,
  };
  const request = [
    `Current step: ${ctx.index.labelOf(ctx.step.id)}. ${ctx.step.name} [id: ${ctx.step.id}] — a branch condition check.`,
    ...(ctx.step.description ? [`What to check: ${ctx.step.description}`] : []),
    "Pick the one way that applies to this run, from these:",
    ...labels.map((text) => `- ${text}`),
    'Answer with a JSON object: { "branch": one of the labels above, exactly, "reason": one sentence }.',
  ].join("\n");
  const messages: ChatMessage[] = [
    { role: "system", content: await ctx.executorPrompt() },
    { role: "user", content: request },
  ];
  for (let turn = 1; ; turn++) {
    const answer = await ctx.chat({
      purpose: "runner.branch_step",
      messages,
      responseFormat: { name: "branch_choice", schema, strict: true },
    });
    const picked = pickedLabel(answer.content);
    const index = picked === null ? -1 : labels.indexOf(picked);
    if (index >= 0) return chosen(ways[index], "model");
    const problem =
      picked === null ? "the answer is not a JSON object with a branch" : `"${picked}" is not one of the labels`;
    if (turn >= 2)
      return { status: "failed", error: `The executor did not pick a way out after a repair turn: ${problem}.` };
    messages.push(
      { role: "assistant", content: answer.content },
      { role: "user", content: `${problem}. Answer again with one of: ${labels.join(" | ")}.` },
    );
  }
}

function pickedLabel(content: string | null): string | null {
  try {
    const value: unknown = JSON.parse(content ?? "");
    const branch = (value as { branch?: unknown } | null)?.branch;
    return typeof branch === "string" ? branch.trim() : null;
  } catch {
    return null;
  }
}
