import type { ChatRequest, ChatResult } from "../llm";
import type { Routine } from "../routine";
import type { PlannerPhase } from "./contract/contract";

/** What the planner needs of a model client: lib/llm's LlmClient fits, and tests pass a scripted object. */
export type PlannerModel = { readonly model: string; chat(request: ChatRequest): Promise<ChatResult> };

/**
 * The draft to optimize: free text, the paper's text form, or the routine on the canvas (sent to the model as
 * paper text). `text` is required for text and paper, `routine` for canvas.
 */
export type PlannerDraft =
  { kind: "text"; text: string } | { kind: "paper"; text: string } | { kind: "canvas"; routine: Routine };

/** Per model call: the prompt may hold at most maxInputTokens; the answer is capped at maxOutputTokens. */
export type PlannerBudget = { maxInputTokens: number; maxOutputTokens: number };

export type PlannerProgress = {
  phase: PlannerPhase;
  /** The model call this belongs to: 1 for the first plan, 2 for the first repair, … */
  attempt: number;
  message: string;
  percent: number;
};

/** "Explain changes": the planner's short reason per new or changed step, keyed by step id. */
export type PlannerRationale = { summary: string; steps: Record<string, string> };

export type OptimizeResult = {
  routine: Routine;
  rationale: PlannerRationale;
  /** Summed over every model call, repairs included. */
  usage: { inputTokens: number; outputTokens: number };
  repairCount: number;
  /** sha256 of the first request's messages (system prompt, tools, draft): identifies what the planner was asked. */
  promptHash: string;
  /** The model that answered last, as the server named it. */
  model: string;
  /** The draft exactly as the model saw it (canvas routines rendered as paper text). */
  sourceDraft: string;
  /** Validation warnings left in the routine (errors are repaired or fail the run). */
  warnings: number;
};
