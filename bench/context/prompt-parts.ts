import { countToolTokens, type ChatRequest, type TokenCounter } from "../../lib/llm";

/** The parts of an executor request, in the order the figures print them. */
export const PROMPT_PARTS = [
  "instructions",
  "routine",
  "progress",
  "values",
  "request and inputs",
  "step request",
  "tool definitions",
] as const;
export type PromptPart = (typeof PROMPT_PARTS)[number];

const SECTION_PART: Record<string, PromptPart> = {
  Routine: "routine",
  Progress: "progress",
  Values: "values",
  Request: "request and inputs",
  "Run inputs": "request and inputs",
};

/**
 * Where one executor request's prompt tokens go: the system prompt by its `## ` sections (what comes before the
 * first is the date line and the instructions), the user and tool messages as the step request, and the tool
 * definitions offered. The parts add up to the request's prompt tokens as the benchmark counts them.
 */
export function promptParts(request: ChatRequest, count: TokenCounter): Record<PromptPart, number> {
  const parts = Object.fromEntries(PROMPT_PARTS.map((part) => [part, 0])) as Record<PromptPart, number>;
  for (const [at, message] of request.messages.entries()) {
    const content = "content" in message && message.content ? message.content : "";
    if (at > 0 || message.role !== "system") {
      parts["step request"] += count(content);
      continue;
    }
    for (const section of content.split(/\n\n(?=## )/)) {
      const heading = /^## (.+)\n/.exec(section)?.[1];
      const part: PromptPart = (heading !== undefined ? SECTION_PART[heading] : undefined) ?? "instructions";
      parts[part] += count(section);
    }
  }
  parts["tool definitions"] = countToolTokens(count, request.tools ?? []);
  return parts;
}
