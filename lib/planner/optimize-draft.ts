import {
  type ChatMessage,
  type ChatResult,
  countPromptTokens,
  createTokenCounter,
  type LlmCallContext,
  type TokenCounter,
} from "../llm";
import { hasCapability, lookupFromList, validateRoutine, type Routine, type ToolDefinition } from "../routine";
import { checkFirstPrompt, checkRepairPrompt, DEFAULT_PLANNER_BUDGET } from "./budget";
import { MAX_DRAFT_CHARS } from "./contract/contract";
import { PlannerError } from "./errors";
import { askPlanner } from "./ask-planner";
import { PLANNER_RESPONSE_FORMAT, PLANNER_RESPONSE_SCHEMA, toRoutine } from "./output-schema";
import { parsePlannerAnswer, type AnswerProblem } from "./parse";
import { describeProblem, fromValidation, toRemainingIssues } from "./problems";
import { buildPlannerMessages, buildRepairMessages, draftText, promptHash, type DraftText } from "./prompt";
import { formatToolList } from "./tool-list";
import type {
  OptimizeResult,
  PlannerBudget,
  PlannerDraft,
  PlannerModel,
  PlannerProgress,
  PlannerRationale,
} from "./types";

export type OptimizeDraftOptions = {
  draft: PlannerDraft;
  /** The live tool catalog: the prompt lists these, and the routine is validated against them. */
  tools: readonly ToolDefinition[];
  llm: PlannerModel;
  /** Repair rounds after the first answer; the model is called at most maxRepairs + 1 times. */
  maxRepairs?: number;
  budget?: PlannerBudget;
  signal?: AbortSignal;
  onProgress?: (progress: PlannerProgress) => void;
  /** The id the routine gets; by default the canvas routine's own, or "draft". */
  routineId?: string;
  /** Recorded with each model call (who, which routine). */
  context?: LlmCallContext;
  /** Tests inject a counter; by default o200k_base (tokens.ts). */
  countTokens?: TokenCounter;
};

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/**
 * Turns a draft into a full routine with the planner model: builds the prompt (method, tool list, draft), checks
 * it against the token budget before sending, parses the answer with the planner output schema, validates the
 * routine against the tools, and sends errors back for repair up to `maxRepairs` times. Returns the routine with
 * its rationale and provenance, or throws a PlannerError (empty_draft, too_large, not_json,
 * invalid_after_repairs, model_error, aborted); it never returns a routine that has validation errors.
 */
export async function optimizeDraft(options: OptimizeDraftOptions): Promise<OptimizeResult> {
  const { tools, llm } = options;
  const maxRepairs = Math.max(0, Math.floor(options.maxRepairs ?? 2));
  const budget = options.budget ?? DEFAULT_PLANNER_BUDGET;
  const progress = progressReporter(options.onProgress, maxRepairs + 1);
  const source = readableDraft(options.draft);
  const routineId = options.routineId ?? (options.draft.kind === "canvas" ? options.draft.routine.id : "draft");

  progress("planning", 1, `Preparing the prompt: the draft and ${tools.length} tool${tools.length === 1 ? "" : "s"}…`);
  const count = options.countTokens ?? (await createTokenCounter());
  const initial = buildPlannerMessages(source, tools);
  const hash = promptHash(initial);
  checkFirstPrompt(
    {
      total: countPromptTokens(count, initial, PLANNER_RESPONSE_SCHEMA),
      draft: count(source.text),
      tools: count(formatToolList(tools)),
      toolCount: tools.length,
    },
    budget,
  );

  const lookup = lookupFromList(tools);
  const usage = { inputTokens: 0, outputTokens: 0 };
  let model = llm.model;
  let messages: ChatMessage[] = initial;
  for (let attempt = 1; ; attempt++) {
    const repair = attempt - 1;
    if (repair > 0)
      progress("repairing", attempt, `Asking the model to fix the routine (repair ${repair} of ${maxRepairs})…`);
    else
      progress(
        "planning",
        attempt,
        `Asking the planner model${llm.model ? ` (${llm.model})` : ""} to write the routine…`,
      );
    const answer = await ask(llm, messages, budget, options, repair > 0);
    usage.inputTokens += answer.usage.inputTokens;
    usage.outputTokens += answer.usage.outputTokens;
    model = answer.model || model;

    progress("validating", attempt, "Checking the routine against the tool catalog…", 0.9);
    if (answer.finishReason === "length") {
      throw new PlannerError(
        "too_large",
        `The model's answer was cut off at the limit of ${budget.maxOutputTokens.toLocaleString("en")} answer tokens, so the routine is incomplete. Split the draft into smaller routines, then try again.`,
      );
    }
    const parsed = parsePlannerAnswer(answer.content);
    if (!parsed.ok && parsed.kind === "not_json") {
      throw new PlannerError(
        "not_json",
        `The planner model answered with text instead of a routine in JSON (${parsed.detail}). It may not support structured output (response_format json_schema): choose another planner model in Settings → Models, or try again.`,
      );
    }
    let problems: AnswerProblem[];
    if (parsed.ok) {
      const routine = toRoutine(parsed.output, routineId);
      const issues = validateRoutine(routine, { tools: lookup });
      const errors = issues.filter((issue) => issue.severity === "error");
      if (errors.length === 0) {
        return {
          routine,
          rationale: keepKnownSteps(parsed.output.rationale, routine),
          usage,
          repairCount: repair,
          promptHash: hash,
          model,
          sourceDraft: source.text,
          warnings: issues.length,
        };
      }
      problems = errors.map(fromValidation);
    } else {
      problems = parsed.problems;
    }
    if (repair >= maxRepairs) {
      const first = problems[0] ? ` The first: ${describeProblem(problems[0])}` : "";
      throw new PlannerError(
        "invalid_after_repairs",
        `The model's routine still had ${plural(problems.length, "problem")} after ${plural(maxRepairs, "repair")}.${first} Try again, make the draft more precise, or choose a stronger planner model.`,
        { issues: toRemainingIssues(problems) },
      );
    }
    messages = buildRepairMessages(initial, answer.content ?? "", problems.map(describeProblem));
    checkRepairPrompt(countPromptTokens(count, messages, PLANNER_RESPONSE_SCHEMA), budget, problems.length);
  }
}

/** The draft as the model will read it, refused when empty or longer than MAX_DRAFT_CHARS. */
function readableDraft(draft: PlannerDraft): DraftText {
  if (draft.kind === "canvas" && draft.routine.steps.every((step) => hasCapability(step, "endsRun"))) {
    throw new PlannerError(
      "empty_draft",
      "The canvas has no steps to optimize yet. Draw the steps first, or paste a draft as text.",
    );
  }
  const source = draftText(draft);
  if (source.text.trim() === "")
    throw new PlannerError(
      "empty_draft",
      "The draft is empty. Paste the steps as free text or in the paper's form (Step 1. …).",
    );
  if (source.text.length > MAX_DRAFT_CHARS) {
    const what = draft.kind === "canvas" ? "The routine on the canvas is" : "This draft is";
    throw new PlannerError(
      "too_large",
      `${what} ${source.text.length.toLocaleString("en")} characters as text; the planner takes at most ${MAX_DRAFT_CHARS.toLocaleString("en")}. Split it into smaller routines (sub-routines), then try again. Nothing was sent to the model.`,
    );
  }
  return source;
}

function ask(
  llm: PlannerModel,
  messages: ChatMessage[],
  budget: PlannerBudget,
  options: OptimizeDraftOptions,
  repair: boolean,
): Promise<ChatResult> {
  return askPlanner(
    llm,
    {
      purpose: repair ? "planner.repair" : "planner.optimize",
      messages,
      responseFormat: PLANNER_RESPONSE_FORMAT,
      maxTokens: budget.maxOutputTokens,
      signal: options.signal,
      context: options.context,
    },
    "The optimization was cancelled.",
  );
}

/** The rationale for steps the routine has, without empty entries. */
function keepKnownSteps(rationale: PlannerRationale, routine: Routine): PlannerRationale {
  const ids = new Set(routine.steps.map((step) => step.id));
  const steps = Object.fromEntries(
    Object.entries(rationale.steps).filter(([id, reason]) => ids.has(id) && reason !== ""),
  );
  return { summary: rationale.summary, steps };
}

type Report = (
  phase: "planning" | "validating" | "repairing",
  attempt: number,
  message: string,
  within?: number,
) => void;

/** Progress from 5 % to 85 % over the model calls (the caller reports saving and done): each call a share of it. */
function progressReporter(onProgress: OptimizeDraftOptions["onProgress"], calls: number): Report {
  return (phase, attempt, message, within = 0) => {
    const percent = Math.round(5 + (80 * (attempt - 1 + within)) / calls);
    onProgress?.({ phase, attempt, message, percent });
  };
}
