import { NO_CALL_STANDS_FOR_STEP, type AgentModeMapping } from "../agent-mode-types";

/** A sub-routine step keeps a routine out of agent mode (agentBlockers); an agent run never reaches one. */
export const routineAgentMode: AgentModeMapping = {
  skippedReason: NO_CALL_STANDS_FOR_STEP,
  answerDoesStep: false,
};
