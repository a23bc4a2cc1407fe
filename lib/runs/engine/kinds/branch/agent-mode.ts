import { NO_CALL_STANDS_FOR_STEP, type AgentModeMapping } from "../agent-mode-types";

/** A branch step is taken, by the model, when a call serves a step in one of its arms (agent-calls.ts). */
export const branchAgentMode: AgentModeMapping = {
  skippedReason: NO_CALL_STANDS_FOR_STEP,
  answerDoesStep: false,
};
