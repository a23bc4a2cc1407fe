import { toolParameterProblems } from "./tool-schema";

/** The chat role of a message that answers a tool call (not a step kind). */
const TOOL_ROLE = "tool";

/**
 * Validators of the export's lines, so the export (and its tests) prove each line would be accepted before a
 * fine-tuning job finds out. They return readable problems, an empty list when the line is fine; they never throw.
 */

const FUNCTION_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const ROLES = ["system", "user", "assistant", "tool"] as const;
const MESSAGE_KEYS: Record<(typeof ROLES)[number], readonly string[]> = {
  system: ["role", "content", "name"],
  user: ["role", "content", "name"],
  assistant: ["role", "content", "name", "tool_calls", "weight"],
  tool: ["role", "content", "tool_call_id"],
};
const LINE_KEYS = ["messages", "tools", "parallel_tool_calls"];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isNonEmptyText = (value: unknown): value is string => typeof value === "string" && value.trim().length > 0;

function parseJsonObject(text: unknown): Record<string, unknown> | null {
  if (typeof text !== "string") return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return isObject(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Problems of an OpenAI tool list (`tools`): the function names it declares, and what is wrong with it. */
function checkTools(tools: unknown, problems: string[]): Set<string> | null {
  if (tools === undefined) return null;
  const names = new Set<string>();
  if (!Array.isArray(tools)) {
    problems.push("tools must be a list.");
    return names;
  }
  tools.forEach((tool, index) => {
    const at = `tools[${index}]`;
    if (!isObject(tool) || tool.type !== "function" || !isObject(tool.function)) {
      problems.push(`${at} must be { type: "function", function: { name, description?, parameters? } }.`);
      return;
    }
    const { name, description, parameters } = tool.function;
    if (typeof name !== "string" || !FUNCTION_NAME.test(name))
      problems.push(`${at}.function.name must be 1–64 letters, digits, "_" or "-".`);
    else if (names.has(name)) problems.push(`${at}.function.name "${name}" is declared twice.`);
    else names.add(name);
    if (description !== undefined && typeof description !== "string")
      problems.push(`${at}.function.description must be text.`);
    if (parameters !== undefined) problems.push(...toolParameterProblems(parameters, `${at}.function.parameters`));
  });
  return names;
}

/**
 * OpenAI's chat fine-tuning format rules for one line: `messages` with the roles system, user, assistant and tool
 * and only their keys; a system message only first; at least one assistant message, the last message from the
 * assistant; each tool call `{ id, type: "function", function: { name, arguments } }` with a unique id, a function
 * of `tools`, and arguments as the JSON text of an object; every call answered by exactly one tool message with its
 * `tool_call_id` right after the assistant message that made it (the final assistant message's calls may stand
 * unanswered: OpenAI trains on such a call as the target); no tool message without a call to answer; `weight` 0 or 1.
 */
export function checkOpenAiChatLine(line: unknown): string[] {
  const problems: string[] = [];
  if (!isObject(line)) return ["The line must be a JSON object."];
  for (const key of Object.keys(line)) if (!LINE_KEYS.includes(key)) problems.push(`Unknown key "${key}".`);
  const declared = checkTools(line.tools, problems);
  const messages = line.messages;
  if (!Array.isArray(messages) || messages.length === 0) return [...problems, "messages must be a non-empty list."];

  const ids = new Set<string>();
  let open = new Set<string>();
  let openSince = -1;
  let assistants = 0;
  messages.forEach((message, index) => {
    const at = `messages[${index}]`;
    if (!isObject(message)) return problems.push(`${at} must be an object.`);
    const role = message.role;
    if (!ROLES.includes(role as (typeof ROLES)[number]))
      return problems.push(`${at}.role "${String(role)}" is not one of ${ROLES.join(", ")}.`);
    const known = MESSAGE_KEYS[role as (typeof ROLES)[number]];
    for (const key of Object.keys(message))
      if (!known.includes(key)) problems.push(`${at} (${role}) has an unknown key "${key}".`);

    if (role !== TOOL_ROLE && open.size > 0) {
      problems.push(`messages[${openSince}] has tool calls no tool message answers: ${[...open].join(", ")}.`);
      open = new Set();
    }
    switch (role) {
      case "system":
        if (index !== 0) problems.push(`${at}: a system message may only come first.`);
        if (!isNonEmptyText(message.content)) problems.push(`${at}.content must be non-empty text.`);
        break;
      case "user":
        if (!isNonEmptyText(message.content)) problems.push(`${at}.content must be non-empty text.`);
        break;
      case TOOL_ROLE: {
        const id = message.tool_call_id;
        if (typeof message.content !== "string") problems.push(`${at}.content must be text.`);
        if (typeof id !== "string" || !open.has(id))
          problems.push(
            ids.has(String(id))
              ? `${at} answers tool call "${String(id)}" again, or after other messages.`
              : `${at} answers no tool call: tool_call_id "${String(id)}" was not made just before.`,
          );
        else open.delete(id);
        break;
      }
      case "assistant": {
        assistants++;
        if (message.weight !== undefined && message.weight !== 0 && message.weight !== 1)
          problems.push(`${at}.weight must be 0 or 1.`);
        const calls = message.tool_calls;
        if (calls === undefined) {
          if (!isNonEmptyText(message.content)) problems.push(`${at}.content must be non-empty text.`);
          break;
        }
        if (message.content !== null && message.content !== undefined && typeof message.content !== "string")
          problems.push(`${at}.content must be text or null.`);
        if (!Array.isArray(calls) || calls.length === 0) {
          problems.push(`${at}.tool_calls must be a non-empty list.`);
          break;
        }
        calls.forEach((call, callIndex) => {
          const callAt = `${at}.tool_calls[${callIndex}]`;
          if (!isObject(call) || call.type !== "function" || !isObject(call.function))
            return problems.push(`${callAt} must be { id, type: "function", function: { name, arguments } }.`);
          if (!isNonEmptyText(call.id)) problems.push(`${callAt}.id must be non-empty text.`);
          else if (ids.has(call.id)) problems.push(`${callAt}.id "${call.id}" is used twice.`);
          else {
            ids.add(call.id);
            open.add(call.id);
          }
          const name = call.function.name;
          if (typeof name !== "string" || !FUNCTION_NAME.test(name))
            problems.push(`${callAt}.function.name must be 1–64 letters, digits, "_" or "-".`);
          else if (declared && !declared.has(name)) problems.push(`${callAt} calls "${name}", which tools lacks.`);
          if (!parseJsonObject(call.function.arguments))
            problems.push(`${callAt}.function.arguments must be the JSON text of an object.`);
        });
        openSince = index;
        break;
      }
    }
  });
  const last = messages[messages.length - 1];
  if (assistants === 0) problems.push("The example has no assistant message to learn from.");
  else if (!isObject(last) || last.role !== "assistant") problems.push("The last message must be the assistant's.");
  return problems;
}

const ODD = ["human", "observation"];
const EVEN = ["function_call", "gpt"];

/**
 * LLaMA-Factory's sharegpt rules for one line (data/README.md): `conversations` of `{ from, value }` with human and
 * observation at odd positions and function_call and gpt at even ones (counting from 1), an observation only after
 * a function call, a function call's value the JSON text of `{ name, arguments }` with an object as arguments, the
 * last turn the model's; `system` text and `tools` the JSON text of a list of functions, when present.
 */
export function checkLlamaFactoryLine(line: unknown): string[] {
  if (!isObject(line)) return ["The line must be a JSON object."];
  const problems: string[] = [];
  if (line.system !== undefined && typeof line.system !== "string") problems.push("system must be text.");
  if (line.tools !== undefined) {
    let tools: unknown = null;
    try {
      tools = typeof line.tools === "string" ? JSON.parse(line.tools) : null;
    } catch {
      tools = null;
    }
    if (!Array.isArray(tools) || !tools.every((tool) => isObject(tool) && typeof tool.name === "string"))
      problems.push("tools must be the JSON text of a list of { name, description, parameters }.");
    // The default tool format reads every tool's parameters.properties: a tool without them stops the dataset.
    else
      tools.forEach((tool: Record<string, unknown>, index) =>
        problems.push(...toolParameterProblems(tool.parameters, `tools[${index}].parameters`)),
      );
  }
  const turns = line.conversations;
  if (!Array.isArray(turns) || turns.length === 0) return [...problems, "conversations must be a non-empty list."];
  turns.forEach((turn, index) => {
    const at = `conversations[${index}]`;
    if (!isObject(turn) || typeof turn.from !== "string" || typeof turn.value !== "string")
      return problems.push(`${at} must be { from, value } with text.`);
    const allowed = index % 2 === 0 ? ODD : EVEN;
    if (!allowed.includes(turn.from))
      problems.push(`${at}: "${turn.from}" may not stand at position ${index + 1} (expected ${allowed.join(" or ")}).`);
    if (turn.from === "observation" && (turns[index - 1] as { from?: unknown } | undefined)?.from !== "function_call")
      problems.push(`${at}: an observation must follow a function_call.`);
    if (turn.from === "function_call") {
      const call = parseJsonObject(turn.value);
      if (!call || typeof call.name !== "string" || !isObject(call.arguments))
        problems.push(`${at}.value must be the JSON text of { name, arguments } with arguments an object.`);
    }
  });
  const last = turns[turns.length - 1] as { from?: unknown };
  if (last?.from !== "gpt" && last?.from !== "function_call") problems.push("The last turn must be the model's.");
  return problems;
}
