/**
 * How agent mode accounts for steps of one kind. In agent mode the model calls tools freely and no workflow step
 * runs: a tool step is stood for by a call of its tool (agent-mapping.ts asks the domain's `callsTool`), and when the
 * agent answers, the steps nothing stood for are marked skipped as this says.
 */
export type AgentModeMapping = {
  /** Why the finished agent run marks a step of this kind skipped when no call stood for it. */
  readonly skippedReason: string;
  /**
   * Whether the agent's final answer does the step's work, so a run whose last call leads through such steps to an
   * end step reaches that end (a model-only step), rather than stopping short of it.
   */
  readonly answerDoesStep: boolean;
};

/** Agent mode's reason for a step no tool call could stand for. */
export const NO_CALL_STANDS_FOR_STEP = "Agent mode: no tool call stands for this step.";
