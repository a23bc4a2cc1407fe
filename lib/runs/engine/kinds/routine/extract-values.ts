import type { ChatMessage } from "../../../../llm";
import type { JsonValue } from "../../../../routine";
import type { StepContext } from "../handler-types";

/**
 * Asks the executor for values the routine leaves to the model (`model` bindings) of a step that has no tool call
 * to carry them: a JSON object with one field per parameter, from the request and the run's values. One repair
 * turn when the answer is not such an object.
 */
export async function extractValues(
  ctx: StepContext,
  unbound: Record<string, string>,
): Promise<{ ok: true; values: Record<string, JsonValue> } | { ok: false; error: string }> {
  const names = Object.keys(unbound);
  const schema = {
    type: "object",
    properties: Object.fromEntries(names.map((name) => [name, unbound[name] ? { description: unbound[name] } : {}])),
    required: names,
    additionalProperties: false,
  };
  const messages: ChatMessage[] = [
    { role: "system", content: await ctx.executorPrompt() },
    {
      role: "user",
      content: [
        `Current step: ${ctx.index.labelOf(ctx.step.id)}. ${ctx.step.name} [id: ${ctx.step.id}]`,
        `Work out these values from the request and the run's values: ${names.map((name) => (unbound[name] ? `${name} (${unbound[name]})` : name)).join(", ")}.`,
        "Answer with a JSON object with exactly those fields.",
      ].join("\n"),
    },
  ];
  for (let turn = 1; ; turn++) {
    const answer = await ctx.chat({
      purpose: "runner.extract_values",
      messages,
      responseFormat: { name: "step_inputs", schema, strict: false },
    });
    let value: unknown;
    try {
      value = JSON.parse(answer.content ?? "");
    } catch {
      value = null;
    }
    const ok =
      typeof value === "object" &&
      value !== null &&
      !Array.isArray(value) &&
      names.every((name) => Object.hasOwn(value, name));
    if (ok)
      return {
        ok: true,
        values: Object.fromEntries(names.map((name) => [name, (value as Record<string, JsonValue>)[name]])),
      };
    if (turn >= 2)
      return { ok: false, error: `The executor did not give the values ${names.join(", ")} after a repair turn.` };
    messages.push(
      { role: "assistant", content: answer.content },
      { role: "user", content: `Answer with only a JSON object with the fields ${names.join(", ")}.` },
    );
  }
}
