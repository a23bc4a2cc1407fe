import type { ChatMessage, ToolSpec } from "../../../../llm";
import { kindOf, type JsonValue, type StepOf, type ToolDefinition } from "../../../../routine";
import { strayKeysProblem } from "../../values";
import { judgeCalls, parseArguments } from "./tool-calls";
import type { StepContext } from "../handler-types";

type ToolContext = StepContext<StepOf<"tool">>;

export type ArgumentsResult = { ok: true; args: Record<string, JsonValue> } | { ok: false; error: string };

/**
 * Asks the executor model for the arguments of a tool step the routine does not fully bind, the paper's way: the
 * routine and progress list as system prompt, the routine's tools offered (only this step's own outside full
 * history), one call expected to this step's tool. A deviation (no call, another tool, a tool outside the allowlist) gets one corrective turn; arguments that
 * are not JSON or fail the tool's schema get one repair turn; after that the step fails with the reason. Parameters
 * the routine binds are fixed: the model is told so, and its values for them are replaced. A variable key the model
 * writes that the step's bindings do not name (an injected "pass VAR_x here") is refused the same way, never sent.
 */
export async function argumentsFromModel(
  ctx: ToolContext,
  bound: Record<string, JsonValue>,
  unbound: Record<string, string>,
): Promise<ArgumentsResult> {
  const { step, toolNames } = ctx;
  const expectedName = toolNames.nameOf(step.tool);
  const scope = ctx.values.scopeOf(step.inputs);
  const messages: ChatMessage[] = [
    { role: "system", content: await ctx.executorPrompt() },
    { role: "user", content: stepRequest(ctx, expectedName, bound, unbound) },
  ];
  const tools = await ctx.offeredTools(
    toolSpecs(ctx, await ctx.describeTools(), Object.keys(bound)),
    (spec) => spec.name === expectedName,
  );
  let corrected = false;
  let repaired = false;

  for (;;) {
    const answer = await ctx.chat({ purpose: "runner.tool_step", messages, tools, toolChoice: "auto" });
    const verdict = judgeCalls(answer.toolCalls, step.tool, toolNames);
    messages.push({
      role: "assistant",
      content: answer.content,
      ...(answer.toolCalls.length > 0 ? { toolCalls: answer.toolCalls } : {}),
    });
    const replies = new Map<string, string>();

    if (verdict.deviation !== null) {
      const retry = !corrected;
      corrected = true;
      await ctx.record(
        verdict.refused.length > 0
          ? verdict.refused.map((refusal) => ({
              type: "step.tool_refused",
              data: { ...refusalRef(ctx), tool: refusal.tool, reason: refusal.reason, corrective: retry },
            }))
          : [
              {
                type: "step.tool_refused",
                data: { ...refusalRef(ctx), tool: "(none)", reason: verdict.deviation, corrective: retry },
              },
            ],
      );
      if (!retry)
        return {
          ok: false,
          error: `The executor deviated from the routine again after a corrective turn: ${verdict.deviation}`,
        };
      for (const refusal of verdict.refused)
        replies.set(refusal.call.id, `Refused, not run: ${refusal.reason} Call ${expectedName} now.`);
      appendReplies(
        messages,
        answer.toolCalls,
        replies,
        `You did not call a tool. ${verdict.deviation} Call ${expectedName} now.`,
      );
      continue;
    }

    const chosen = verdict.chosen!;
    if (verdict.refused.length > 0) {
      await ctx.record(
        verdict.refused.map((refusal) => ({
          type: "step.tool_refused",
          data: { ...refusalRef(ctx), tool: refusal.tool, reason: refusal.reason, corrective: false },
        })),
      );
    }
    const parsed = parseArguments(chosen.arguments);
    // Bound parameters win over whatever the model wrote for them, and one the routine binds to an input this run
    // was not given stays out: the model never sets what the routine fixes (issue #29).
    const args = parsed.ok ? { ...withoutFixed(parsed.value, step), ...bound } : null;
    const stray = parsed.ok ? ctx.values.strayKeys(written(parsed.value, bound), scope) : [];
    const problems = !args
      ? [(parsed as { problem: string }).problem]
      : stray.length > 0
        ? [strayKeysProblem(stray)]
        : await ctx.tools.checkArguments(
            step.tool,
            (await ctx.values.expand(args, scope)) as Record<string, JsonValue>,
          );
    if (args && problems.length === 0) return { ok: true, args };

    const retry = !repaired;
    repaired = true;
    const reason =
      stray.length > 0
        ? `Not sent to ${step.tool.name}: ${problems.join("; ")}.`
        : `Invalid arguments for ${step.tool.name}: ${problems.join("; ")}.`;
    await ctx.record([
      { type: "step.tool_refused", data: { ...refusalRef(ctx), tool: step.tool.name, reason, corrective: retry } },
    ]);
    if (!retry)
      return { ok: false, error: `The executor's arguments are still invalid after a repair turn. ${reason}` };
    for (const refusal of verdict.refused) replies.set(refusal.call.id, `Not run: ${refusal.reason}`);
    replies.set(chosen.id, `Not run. ${reason} Call ${expectedName} again with corrected arguments.`);
    appendReplies(messages, answer.toolCalls, replies, "");
  }
}

/** The model's arguments less those the routine fixes (literal and input bindings), given a value or not. */
function withoutFixed(args: Record<string, JsonValue>, step: StepOf<"tool">): Record<string, JsonValue> {
  const fixed = (name: string) => ["literal", "input"].includes(step.inputs[name]?.from ?? "");
  return Object.fromEntries(Object.entries(args).filter(([name]) => !fixed(name)));
}

/** What the model wrote itself: its arguments less the parameters the routine binds. */
function written(args: Record<string, JsonValue>, bound: Record<string, JsonValue>): Record<string, JsonValue> {
  return Object.fromEntries(Object.entries(args).filter(([name]) => !Object.hasOwn(bound, name)));
}

function refusalRef(ctx: ToolContext) {
  return { stepRunId: ctx.stepRun.id, stepId: ctx.step.id, iteration: ctx.stepRun.iteration };
}

/** Every call of the assistant message gets its tool message (the API requires one per call id), then any nudge. */
function appendReplies(
  messages: ChatMessage[],
  calls: readonly { id: string }[],
  replies: Map<string, string>,
  nudge: string,
): void {
  for (const call of calls)
    messages.push({ role: "tool", toolCallId: call.id, content: replies.get(call.id) ?? "Not run." });
  if (calls.length === 0 && nudge) messages.push({ role: "user", content: nudge });
}

/**
 * The allowlist as function specs. The step's own tool drops the parameters the routine binds from `required`, so
 * a model that leaves them out (as told) is not wrong.
 */
function toolSpecs(ctx: ToolContext, definitions: ToolDefinition[], boundNames: string[]): ToolSpec[] {
  return ctx.allowlist.map((tool) => {
    const definition = definitions.find(
      (candidate) => candidate.server === tool.server && candidate.name === tool.name,
    );
    const schema: Record<string, unknown> = { type: "object", properties: {}, ...(definition?.inputSchema ?? {}) };
    const own = tool.server === ctx.step.tool.server && tool.name === ctx.step.tool.name;
    if (own && Array.isArray(schema.required))
      schema.required = (schema.required as string[]).filter((name) => !boundNames.includes(name));
    return {
      name: ctx.toolNames.nameOf(tool),
      ...(definition?.description ? { description: definition.description } : {}),
      parameters: schema,
    };
  });
}

function stepRequest(
  ctx: ToolContext,
  toolName: string,
  bound: Record<string, JsonValue>,
  unbound: Record<string, string>,
): string {
  const { step } = ctx;
  const lines = [`Current step: ${ctx.index.labelOf(step.id)}. ${step.name} [id: ${step.id}]`];
  if (step.description) lines.push(`What to do: ${step.description}`);
  lines.push(`Done when: ${kindOf("tool").doneWhen(step)}`, `Call the tool ${toolName} now, exactly once.`);
  const fixed = Object.entries(bound);
  if (fixed.length > 0)
    lines.push(
      `Arguments fixed by the routine (the system sets them; leave them out): ${fixed.map(([name, value]) => `${name} = ${JSON.stringify(value)}`).join(", ")}`,
    );
  const open = Object.entries(unbound);
  if (open.length > 0)
    lines.push(
      `Arguments for you to fill in: ${open.map(([name, hint]) => (hint ? `${name} (${hint})` : name)).join(", ")}; any other parameter as the tool describes it.`,
    );
  return lines.join("\n");
}
