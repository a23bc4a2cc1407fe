import type { AgentModeMapping } from "../agent-mode-types";

/** A tool step is stood for by the agent's call of its tool; without one, the agent chose not to make it. */
export const toolAgentMode: AgentModeMapping = {
  skippedReason: "The agent made no call for this step.",
  answerDoesStep: false,
};
