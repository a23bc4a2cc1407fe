import { NO_CALL_STANDS_FOR_STEP, type AgentModeMapping } from "../agent-mode-types";

/** An end step is reached when the agent's last call leads to it (agent-finish.ts), else skipped. */
export const endAgentMode: AgentModeMapping = {
  skippedReason: NO_CALL_STANDS_FOR_STEP,
  answerDoesStep: false,
};
