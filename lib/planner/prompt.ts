import { createHash } from "node:crypto";
import type { ChatMessage } from "../llm";
import { renderRoutineText, type Routine, type ToolDefinition } from "../routine";
import { PLANNER_SYSTEM_PROMPT } from "./system-prompt";
import { formatToolList } from "./tool-list";
import type { PlannerDraft } from "./types";

/** The draft as the model reads it, and how the prompt names its form. */
export type DraftText = { text: string; format: "free text" | "paper text" | "canvas as paper text" };

/**
 * The draft as text. A canvas routine is rendered in the paper's text form without positions (layout is not
 * the planner's business, and coordinates would only cost tokens); its [id: …] and [tool: …] annotations let the
 * model keep step ids and tools exactly.
 */
export function draftText(draft: PlannerDraft): DraftText {
  if (draft.kind === "canvas")
    return { text: renderRoutineText(withoutPositions(draft.routine)), format: "canvas as paper text" };
  return { text: draft.text, format: draft.kind === "paper" ? "paper text" : "free text" };
}

function withoutPositions(routine: Routine): Routine {
  return { ...routine, steps: routine.steps.map(({ position: _position, ...step }) => step) };
}

const FORMAT_NOTES: Record<DraftText["format"], string> = {
  "free text": "The expert wrote it as free text.",
  "paper text":
    "It is in the paper's text form: one step per line, `Step 3. Name: description, input …, output …, using tool_name tool;`, branches as `Branch 4-1 Step 1. …`.",
  "canvas as paper text":
    "It is the routine currently drawn on the canvas, in the paper's text form; lines in [brackets] give exact ids, tools, bindings and connections. Improve it; keep the id of every step you keep.",
};

/** The first request: the method (system), then the tool list and the draft (user). */
export function buildPlannerMessages(draft: DraftText, tools: readonly ToolDefinition[]): ChatMessage[] {
  const user = [
    "Tools you may use (server/name: what it does; its inputs):",
    formatToolList(tools),
    "",
    `The draft to turn into a routine. ${FORMAT_NOTES[draft.format]} Write the routine in the language the draft is written in.`,
    `<draft format="${draft.format}">`,
    draft.text,
    "</draft>",
  ].join("\n");
  return [
    { role: "system", content: PLANNER_SYSTEM_PROMPT },
    { role: "user", content: user },
  ];
}

/** The most problems one repair request lists; the rest are counted, so the prompt stays small. */
export const MAX_LISTED_ISSUES = 30;

/**
 * A repair request: the conversation so far, the model's previous answer, and what is wrong with it. The model
 * sees its own answer so it can fix it rather than start over.
 */
export function buildRepairMessages(
  initial: readonly ChatMessage[],
  previousAnswer: string,
  problems: readonly string[],
): ChatMessage[] {
  const listed = problems.slice(0, MAX_LISTED_ISSUES).map((problem) => `- ${problem}`);
  if (problems.length > listed.length)
    listed.push(`- … and ${problems.length - listed.length} more problems of the same kinds.`);
  const request = [
    "Your answer has these problems:",
    ...listed,
    "",
    "Fix every one of them, keeping everything else, and answer again with the complete routine and rationale as one JSON object in the same format (no prose, no code fences).",
  ].join("\n");
  return [...initial, { role: "assistant", content: previousAnswer }, { role: "user", content: request }];
}

/** `sha256:<hex>` of the messages exactly as sent (roles and contents, in order). */
export function promptHash(messages: readonly ChatMessage[]): string {
  return `sha256:${createHash("sha256").update(JSON.stringify(messages)).digest("hex")}`;
}
