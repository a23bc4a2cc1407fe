import type { ChatMessage, ChatResult, ToolSpec } from "../../../../llm";
import type { JsonValue } from "../../../../routine";
import { showValue } from "../../context-values";
import { isVariableStub, jsonText, preview } from "../../variables";
import type { StepContext } from "../handler-types";

// Variable memory for skill steps (issue #18, the Routine paper's variable memory): a bound input held in memory is
// shown to the executor by its key and preview, not copied into the prompt, and the executor reads what it needs of
// it with read_variable, a page at a time.

/** A bound input that is not in variable memory is cut in the prompt past this, so one value cannot crowd the rest. */
export const MAX_INPUT_CHARS = 16_000;
/** Characters one read_variable call returns; the executor asks for the next page with `offset`. */
export const READ_PAGE_CHARS = 8_000;
/** Model turns that may read variables; the turn after them must answer. */
const MAX_READ_TURNS = 6;

export const READ_VARIABLE = "read_variable";

/** The inputs as the skill step's prompt shows them, and the variables it may read (key → whole text). */
export type SkillInputs = { lines: string[]; variables: Map<string, string> };

/**
 * Each bound input as a prompt line: one held in variable memory (and in the step's scope) by its key and preview,
 * any other in full up to MAX_INPUT_CHARS (variables nested inside it read back). The variables' whole values are
 * read now, for read_variable to page through.
 */
export async function skillInputs(
  ctx: StepContext,
  bound: Record<string, JsonValue>,
  scope: ReadonlySet<string>,
): Promise<SkillInputs> {
  const lines: string[] = [];
  const variables = new Map<string, string>();
  for (const [name, value] of Object.entries(bound)) {
    // Bound as the output itself (a stub), or as its key (a binding naming the output).
    const key = isVariableStub(value) ? value.$var : typeof value === "string" ? value : null;
    if (key !== null && scope.has(key)) {
      const whole = await ctx.values.variable(key);
      variables.set(key, jsonText(whole));
      lines.push(`- ${name} = ${showValue({ $var: key, preview: preview(whole) }, MAX_INPUT_CHARS)}`);
    } else lines.push(`- ${name} = ${preview(await ctx.values.expand(value, scope), MAX_INPUT_CHARS)}`);
  }
  return { lines, variables };
}

/** The read_variable function over these keys. */
export function readVariableTool(keys: readonly string[]): ToolSpec {
  return {
    name: READ_VARIABLE,
    description:
      `Reads a value held in variable memory, ${READ_PAGE_CHARS} characters at a time: call again with the offset ` +
      `it gives to read on. Read only what the step needs.`,
    parameters: {
      type: "object",
      properties: {
        key: { type: "string", enum: [...keys], description: "The variable's key, as the inputs show it." },
        offset: { type: "integer", minimum: 0, description: "Where to start reading (0: the beginning)." },
      },
      required: ["key"],
      additionalProperties: false,
    },
  };
}

/** What a read_variable call returns to the model: the page, and how to read on; or why it could not be read. */
export function readVariable(argumentsText: string, variables: ReadonlyMap<string, string>): string {
  let args: { key?: unknown; offset?: unknown };
  try {
    args = JSON.parse(argumentsText) as typeof args;
  } catch {
    return "The arguments are not valid JSON; give the key as in the inputs.";
  }
  const text = typeof args.key === "string" ? variables.get(args.key) : undefined;
  if (text === undefined)
    return `No input of this step is held under that key; the keys are ${[...variables.keys()].join(", ")}.`;
  const offset = Number.isSafeInteger(args.offset) && (args.offset as number) > 0 ? (args.offset as number) : 0;
  const page = text.slice(offset, offset + READ_PAGE_CHARS);
  const next = offset + page.length;
  const rest = next < text.length ? `\n[${text.length - next} more characters: read on with offset ${next}]` : "";
  return `${page}${rest}`;
}

/**
 * Asks the executor, answering its read_variable calls, until it answers without one (the turn after MAX_READ_TURNS
 * offers no tools). Without variables it is one plain call, as before.
 */
export async function askWithMemory(
  ctx: StepContext,
  messages: ChatMessage[],
  variables: ReadonlyMap<string, string>,
  responseFormat?: { name: string; schema: Record<string, unknown>; strict?: boolean },
): Promise<ChatResult> {
  const tools = variables.size > 0 ? [readVariableTool([...variables.keys()])] : undefined;
  for (let turn = 0; ; turn++) {
    const answer = await ctx.chat({
      purpose: "runner.skill_step",
      messages,
      ...(tools ? { tools, toolChoice: turn < MAX_READ_TURNS ? "auto" : "none" } : {}),
      ...(responseFormat ? { responseFormat } : {}),
    });
    if (!tools || answer.toolCalls.length === 0) return answer;
    messages.push({ role: "assistant", content: answer.content, toolCalls: answer.toolCalls });
    for (const call of answer.toolCalls)
      messages.push({
        role: "tool",
        toolCallId: call.id,
        content:
          call.name === READ_VARIABLE
            ? readVariable(call.arguments, variables)
            : `There is no function ${call.name}; only ${READ_VARIABLE}.`,
      });
  }
}
