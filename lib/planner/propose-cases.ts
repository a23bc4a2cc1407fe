import { z } from "zod";
import { expectedCallSchema, testCaseContentSchema, type TestCaseContent } from "../evaluations/scoring";
import type { ChatMessage, LlmCallContext } from "../llm";
import { callsTool, hasCapability, renderRoutineText, type Routine, type ToolDefinition } from "../routine";
import { askPlanner } from "./ask-planner";
import { PlannerError } from "./errors";
import { jsonText } from "./parse";
import { formatToolList } from "./tool-list";
import type { PlannerModel } from "./types";

/** How many cases one request may ask for: more makes the answer long and the cases alike. */
export const MAX_PROPOSED_CASES = 20;
const MAX_ANSWER_TOKENS = 8_000;

export type ProposeCasesOptions = {
  routine: Routine;
  /** The definitions of the routine's tools (its allowlist as the catalog describes it). */
  tools: readonly ToolDefinition[];
  count: number;
  llm: PlannerModel;
  signal?: AbortSignal;
  context?: LlmCallContext;
};

/** A proposal the model made that is not a valid case, with why (shown to the author, never stored). */
export type DroppedProposal = { index: number; name: string; reason: string };

export type ProposedCases = {
  cases: TestCaseContent[];
  dropped: DroppedProposal[];
  model: string;
  usage: { inputTokens: number; outputTokens: number };
};

/** The answer the model is asked for: the case contract without pinned outputs (those come from real runs). */
const proposalSchema = z.object({
  name: z.string(),
  request: z.string(),
  inputs: z.record(z.string(), z.unknown()).optional(),
  expectedCalls: z.array(expectedCallSchema),
  expectedPath: z.array(z.string()).optional(),
});
const answerSchema = z.object({ cases: z.array(proposalSchema) });

export const PROPOSE_CASES_RESPONSE_FORMAT = (() => {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(answerSchema, {
    io: "input",
    unrepresentable: "any",
  }) as Record<string, unknown>;
  return { name: "test_cases", schema, strict: false } as const;
})();

const SYSTEM = [
  "You write test cases for a routine: a step-by-step plan an LLM agent follows to call a company's tools.",
  "A test case is what a real user would ask, the routine's inputs for that request, and the tool calls a correct run makes, in order.",
  "For each call give the tool's name (the part after the slash in the tool list) and its arguments. Each argument lists",
  'under "accepted" every value a correct call may carry (several when the request allows several correct spellings or',
  'formats the tool accepts), with "optional": true for an argument a correct call may leave out.',
  '"expectedPath" lists the labels of the branches a correct run takes, in order, chosen from the labels given.',
  "Vary the cases: different people, dates, amounts and phrasings, and cover every branch of the routine.",
  'Answer with one JSON object {"cases": [...]} and nothing else.',
].join("\n");

/** The labels a branch.taken event can carry for this routine: each way out of a branch step. */
export function branchLabels(routine: Routine): string[] {
  const branches = new Set(routine.steps.filter((step) => hasCapability(step, "choosesWay")).map((step) => step.id));
  const labels = routine.edges
    .filter((edge) => branches.has(edge.source))
    .map((edge) => edge.condition?.label || edge.target);
  return [...new Set(labels)];
}

function buildMessages(routine: Routine, tools: readonly ToolDefinition[], count: number): ChatMessage[] {
  const inputs =
    routine.inputs.length === 0
      ? "(none)"
      : routine.inputs
          .map((input) => `- ${input.name} (${input.type}${input.required ? ", required" : ""}): ${input.description}`)
          .join("\n");
  const labels = branchLabels(routine);
  const user = [
    `Routine "${routine.name}":`,
    renderRoutineText(routine),
    "",
    "Inputs:",
    inputs,
    "",
    "Tools:",
    formatToolList(tools),
    "",
    `Branch labels: ${labels.length === 0 ? "(the routine has no branches: leave expectedPath empty)" : labels.map((label) => JSON.stringify(label)).join(", ")}`,
    "",
    `Write ${count} varied test case${count === 1 ? "" : "s"}.`,
  ].join("\n");
  return [
    { role: "system", content: SYSTEM },
    { role: "user", content: user },
  ];
}

/**
 * Asks the planner model for `count` varied, realistic test cases of `routine` (given its paper text, inputs, tool
 * definitions and branch labels), with the expected calls and branch path of each. Every proposal is checked on its
 * own against the case contract, the routine's tools and its branch labels; an invalid one is dropped with its reason
 * rather than failing the others. Throws a PlannerError: not_json when the model answers prose, too_large when the
 * answer was cut off, model_error when the call fails, aborted when cancelled.
 */
export async function proposeCases(options: ProposeCasesOptions): Promise<ProposedCases> {
  const count = Math.min(MAX_PROPOSED_CASES, Math.max(1, Math.floor(options.count)));
  const answer = await ask(options, buildMessages(options.routine, options.tools, count));
  if (answer.finishReason === "length") {
    throw new PlannerError(
      "too_large",
      `The model's answer was cut off at ${MAX_ANSWER_TOKENS.toLocaleString("en")} tokens. Ask for fewer cases at a time.`,
    );
  }
  const proposals = readProposals(answer.content);
  const toolNames = new Set(options.routine.steps.flatMap((step) => (callsTool(step) ? [step.tool.name] : [])));
  const labels = new Set(branchLabels(options.routine));
  const cases: TestCaseContent[] = [];
  const dropped: DroppedProposal[] = [];
  proposals.slice(0, count).forEach((proposal, index) => {
    const name = isRecord(proposal) && typeof proposal.name === "string" ? proposal.name : `Case ${index + 1}`;
    const reason = problemOf(proposal, toolNames, labels);
    if (typeof reason === "string") dropped.push({ index, name, reason });
    else cases.push(reason.case);
  });
  return { cases, dropped, model: answer.model || options.llm.model, usage: answer.usage };
}

function ask(options: ProposeCasesOptions, messages: ChatMessage[]) {
  return askPlanner(
    options.llm,
    {
      purpose: "planner.propose_cases",
      messages,
      responseFormat: PROPOSE_CASES_RESPONSE_FORMAT,
      maxTokens: MAX_ANSWER_TOKENS,
      signal: options.signal,
      context: options.context,
    },
    "Proposing test cases was cancelled.",
  );
}

function notJson(detail: string): PlannerError {
  return new PlannerError(
    "not_json",
    `The planner model answered with text instead of test cases in JSON (${detail}). It may not support structured output (response_format json_schema): choose another planner model in Settings → Models, or try again.`,
  );
}

/** The proposals of an answer {"cases": [...]} (a bare array is taken too); prose is a not_json PlannerError. */
function readProposals(content: string | null): unknown[] {
  if (content === null || content.trim() === "") throw notJson("the answer was empty");
  const text = jsonText(content);
  if (text === undefined) throw notJson("the answer is text, not JSON");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw notJson("the answer is not valid JSON");
  }
  if (Array.isArray(value)) return value;
  if (isRecord(value) && Array.isArray(value.cases)) return value.cases;
  throw notJson('the answer has no "cases" list');
}

function problemOf(
  proposal: unknown,
  toolNames: ReadonlySet<string>,
  labels: ReadonlySet<string>,
): string | { case: TestCaseContent } {
  const parsed = testCaseContentSchema.safeParse(isRecord(proposal) ? { ...proposal, pinnedOutputs: [] } : proposal);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const at = issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
    return `${at}${issue.message}`;
  }
  const stray = parsed.data.expectedCalls.findIndex((call) => !toolNames.has(call.tool));
  if (stray >= 0)
    return `Call ${stray + 1} uses the tool "${parsed.data.expectedCalls[stray]!.tool}", which the routine does not use.`;
  const unknown = parsed.data.expectedPath.find((label) => !labels.has(label));
  if (unknown !== undefined) return `The branch label "${unknown}" is not a way out of any branch of the routine.`;
  return { case: parsed.data };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
