import { NO_CALL_STANDS_FOR_STEP, type AgentModeMapping } from "../agent-mode-types";

/** A human step keeps a routine out of agent mode (agentBlockers); an agent run never reaches one. */
export const humanAgentMode: AgentModeMapping = {
  skippedReason: NO_CALL_STANDS_FOR_STEP,
  answerDoesStep: false,
};
