import type { RunEvent } from "../../events";

export type UnhandledToolError = { tool: string; error: string };

/**
 * The tool errors a run went past: a call that failed (`step.failed` after its `step.tool_call`) with no later call
 * of the same tool that succeeded. A model that corrects its arguments and calls again, or an operator's retry,
 * handled the error; a run that then answered as if the failed call had worked ("Your leave is booked" after
 * apply_leave said "Overlaps leave request…") did not, and teaches a model to ignore errors.
 */
export function unhandledToolErrors(events: readonly RunEvent[]): UnhandledToolError[] {
  const calls = new Map<string, string>();
  const failed = new Map<string, string>();
  for (const event of [...events].sort((a, b) => a.seq - b.seq)) {
    if (event.type === "step.tool_call") {
      calls.set(event.data.stepRunId, `${event.data.server}/${event.data.tool}`);
    } else if (event.type === "step.failed") {
      const tool = calls.get(event.data.stepRunId);
      if (tool && !failed.has(tool)) failed.set(tool, event.data.error);
    } else if (event.type === "step.output") {
      const tool = calls.get(event.data.stepRunId);
      if (tool) failed.delete(tool);
    }
  }
  return [...failed].map(([tool, error]) => ({ tool, error }));
}
