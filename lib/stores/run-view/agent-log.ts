import type { RunEvent } from "../../events";
import type { AgentLogEntry } from "./run-view-state";

/**
 * The log entry of an agent's own event: `agent.turn` (what the model said and which calls it asked for) or
 * `agent.call_refused` (a call the engine did not send, with the reason); null for any other event. Pure.
 */
export function agentLogEntry(event: RunEvent): Extract<AgentLogEntry, { kind: "turn" | "refused" }> | null {
  switch (event.type) {
    case "agent.turn":
      return {
        kind: "turn",
        seq: event.seq,
        at: event.at,
        turn: event.data.turn,
        content: event.data.content,
        toolCalls: event.data.toolCalls,
        inputTokens: event.data.inputTokens,
        outputTokens: event.data.outputTokens,
      };
    case "agent.call_refused":
      return {
        kind: "refused",
        seq: event.seq,
        at: event.at,
        turn: event.data.turn,
        tool: event.data.tool,
        reason: event.data.reason,
      };
    default:
      return null;
  }
}

/** The tool of an agent's call to a tool no routine step uses (step id `call:<tool>`), else null. */
export function callOutsideSteps(stepId: string): string | null {
  return stepId.startsWith("call:") ? stepId.slice("call:".length) : null;
}
