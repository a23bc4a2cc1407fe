import type { RunEvent } from "../../events";

/**
 * What the run's model turns carried in their prompts, beside what full history would have cost (issue #18): summed
 * over every step.model and agent.turn event that says (turns from before context modes do not).
 */
export type ContextUse = {
  /** The mode of the newest turn: compressed turns fall back to plan-aware when the compressor is refused. */
  mode: "full" | "plan-aware" | "compressed" | null;
  tokens: number;
  fullTokens: number;
  turns: number;
  /** Compressor answers refused (the turn went plan-aware) and accepted. */
  refused: number;
  accepted: number;
};

export const NO_CONTEXT_USE: ContextUse = { mode: null, tokens: 0, fullTokens: 0, turns: 0, refused: 0, accepted: 0 };

/** The use after `event`, or null when the event says nothing about the context. Pure. */
export function contextUseAfter(use: ContextUse, event: RunEvent): ContextUse | null {
  if (event.type === "context.compressed")
    return event.data.accepted ? { ...use, accepted: use.accepted + 1 } : { ...use, refused: use.refused + 1 };
  if (event.type !== "step.model" && event.type !== "agent.turn") return null;
  const { contextMode, contextTokens, fullContextTokens } = event.data;
  if (contextMode === undefined || contextTokens === undefined || fullContextTokens === undefined) return null;
  return {
    ...use,
    mode: contextMode,
    tokens: use.tokens + contextTokens,
    fullTokens: use.fullTokens + fullContextTokens,
    turns: use.turns + 1,
  };
}
