import type { RunEvent } from "../../events";
import type { StepView } from "./run-view-state";

/** What an event about one step changes in that step's view (its current execution), or null for other events. Pure. */
export function stepPatch(event: RunEvent): ((step: StepView) => Partial<StepView>) | null {
  switch (event.type) {
    case "step.model":
      return (step) => ({
        modelTurns: [
          ...step.modelTurns,
          {
            at: event.at,
            content: event.data.content,
            toolCalls: event.data.toolCalls,
            inputTokens: event.data.inputTokens,
            outputTokens: event.data.outputTokens,
          },
        ],
        inputTokens: step.inputTokens + event.data.inputTokens,
        outputTokens: step.outputTokens + event.data.outputTokens,
      });
    case "step.tool_call":
      return () => ({
        toolCall: {
          server: event.data.server,
          tool: event.data.tool,
          arguments: event.data.arguments,
          byModel: event.data.byModel,
        },
      });
    case "step.tool_refused":
      return (step) => ({
        refusals: [
          ...step.refusals,
          { tool: event.data.tool, reason: event.data.reason, corrective: event.data.corrective },
        ],
      });
    case "step.output":
      return () => ({
        output: event.data.output,
        variableKey: event.data.variableKey ?? null,
        preview: event.data.preview ?? null,
      });
    case "step.retrying":
      return (step) => ({
        retries: [
          ...step.retries,
          { at: event.at, attempt: event.data.attempt, reason: event.data.reason, delayMs: event.data.delayMs },
        ],
      });
    case "step.waiting":
      return () => ({
        state: "waiting",
        waiting: { for: event.data.for, instruction: event.data.instruction, childRunId: event.data.childRunId },
      });
    case "step.succeeded":
      return () => ({
        state: "succeeded",
        waiting: null,
        error: null,
        finishedAt: event.at,
        durationMs: event.data.durationMs,
      });
    case "step.failed":
      return () => ({
        state: "failed",
        waiting: null,
        error: event.data.error,
        finishedAt: event.at,
        durationMs: event.data.durationMs,
      });
    case "step.cancelled":
      return () => ({ state: "cancelled", waiting: null, finishedAt: event.at });
    default:
      return null;
  }
}
