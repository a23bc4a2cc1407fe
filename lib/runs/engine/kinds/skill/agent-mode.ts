import { NO_CALL_STANDS_FOR_STEP, type AgentModeMapping } from "../agent-mode-types";

/** A skill step is the model's own work: the agent's final answer does it. */
export const skillAgentMode: AgentModeMapping = {
  skippedReason: NO_CALL_STANDS_FOR_STEP,
  answerDoesStep: true,
};
