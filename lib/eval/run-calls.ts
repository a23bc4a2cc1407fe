import type { RunEvent } from "../events";
import type { JsonValue } from "../routine";
import type { ActualCall } from "./case-schema";

/**
 * What the checker reads from a run: its tool calls and its branch path, from the run's events. Refused calls
 * (`step.tool_refused`) never reached a tool and are not calls the run made.
 */

function bySeq<T extends RunEvent>(events: readonly T[]): T[] {
  return [...events].sort((a, b) => a.seq - b.seq);
}

/** The tool calls the engine sent, in `seq` order, as the checker reads them: tool name and arguments. */
export function callsFromEvents(events: readonly RunEvent[]): ActualCall[] {
  const calls = events.filter((event) => event.type === "step.tool_call");
  return bySeq(calls).map((event) => ({
    tool: event.data.tool,
    arguments: event.data.arguments as Record<string, JsonValue>,
  }));
}

/** The labels of the branch edges taken, in `seq` order. */
export function pathFromEvents(events: readonly RunEvent[]): string[] {
  const branches = events.filter((event) => event.type === "branch.taken");
  return bySeq(branches).map((event) => event.data.label);
}
