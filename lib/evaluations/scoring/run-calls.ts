import type { RunEvent, ToolAnswerOrigin } from "../../events";
import type { JsonValue } from "../../routine";
import type { ActualCall } from "./case-schema";

/**
 * What the checker reads from a run: its tool calls and its branch path, from the run's events. Refused calls
 * (`step.tool_refused`) never reached a tool and are not calls the run made.
 */

function bySeq<T extends RunEvent>(events: readonly T[]): T[] {
  return [...events].sort((a, b) => a.seq - b.seq);
}

/**
 * The tool calls the engine sent, in `seq` order, as the checker reads them: tool name and arguments, and where the
 * answer came from (`origin`, from the call's step.output: the first one of its step run after it) when recorded.
 */
export function callsFromEvents(events: readonly RunEvent[]): ActualCall[] {
  const ordered = bySeq(events);
  const calls: ActualCall[] = [];
  // The call of each step run still waiting for its answer, by step run id.
  const open = new Map<string, ActualCall>();
  for (const event of ordered) {
    if (event.type === "step.tool_call") {
      const call: ActualCall = { tool: event.data.tool, arguments: event.data.arguments as Record<string, JsonValue> };
      calls.push(call);
      open.set(event.data.stepRunId, call);
    } else if (event.type === "step.output") {
      const call = open.get(event.data.stepRunId);
      if (!call) continue;
      open.delete(event.data.stepRunId);
      if (event.data.origin) call.origin = event.data.origin;
    }
  }
  return calls;
}

/**
 * How many of the calls were answered live, from a pinned output, or simulated by the evaluation sandbox. Reads
 * stored calls defensively: anything that is not a list of calls counts nothing.
 */
export function countAnswerOrigins(calls: unknown): Record<ToolAnswerOrigin, number> {
  const counts: Record<ToolAnswerOrigin, number> = { live: 0, pinned: 0, simulated: 0 };
  if (!Array.isArray(calls)) return counts;
  for (const call of calls as Array<Partial<ActualCall> | null>) {
    const origin = call?.origin;
    if (origin === "live" || origin === "pinned" || origin === "simulated") counts[origin] += 1;
  }
  return counts;
}

/** The labels of the branch edges taken, in `seq` order. */
export function pathFromEvents(events: readonly RunEvent[]): string[] {
  const branches = events.filter((event) => event.type === "branch.taken");
  return bySeq(branches).map((event) => event.data.label);
}
