import type { RunEvent } from "../../events";
import type { AgentLogEntry } from "./run-view-state";

/** An agent's or a planner's own events: each is an entry of the agent log. */
export type AgentEvent = Extract<
  RunEvent,
  { type: "agent.turn" | "agent.call_refused" | "planner.turn" | "plan.updated" | "task.dispatched" | "task.reported" }
>;

/**
 * The log entry of an agent's own event: `agent.turn` (what the model said and which calls it asked for),
 * `agent.call_refused` (a call the engine did not send, with the reason), and in a planned run a planner's turn and
 * a change to its task list and a task handed to an actor or reported back. Pure.
 */
export function agentLogEntry(event: AgentEvent): Exclude<AgentLogEntry, { kind: "call" }> {
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
    case "planner.turn":
      return {
        kind: "planner",
        seq: event.seq,
        at: event.at,
        round: event.data.round,
        content: event.data.content,
        inputTokens: event.data.inputTokens,
        outputTokens: event.data.outputTokens,
      };
    case "plan.updated":
      return {
        kind: "plan",
        seq: event.seq,
        at: event.at,
        by: event.data.by,
        operator: event.data.operator ?? null,
        summary: event.data.summary,
      };
    case "task.dispatched":
      return {
        kind: "task",
        seq: event.seq,
        at: event.at,
        taskId: event.data.taskId,
        event: "dispatched",
        actorName: event.data.actorName,
        report: null,
      };
    case "task.reported":
      return {
        kind: "task",
        seq: event.seq,
        at: event.at,
        taskId: event.data.taskId,
        event: "reported",
        actorName: null,
        report: event.data.report,
      };
  }
}

/** The tool of an agent's call to a tool no routine step uses (step id `call:<tool>`), else null. */
export function callOutsideSteps(stepId: string): string | null {
  return stepId.startsWith("call:") ? stepId.slice("call:".length) : null;
}
