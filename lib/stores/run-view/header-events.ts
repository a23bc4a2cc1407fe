import { isFinished, type RunEvent } from "../../events";
import type { RunHeaderView } from "./run-view-state";

/** The run-level events: each changes the header. */
export type RunHeaderEvent = Extract<RunEvent, { type: `run.${string}` }>;

/**
 * What a run-level event (`run.*`) changes in the header. Pure. A planned run follows no routine, so its queued
 * event leaves the header's "routine" (the request) alone.
 */
export function headerPatch(event: RunHeaderEvent, header: RunHeaderView): Partial<RunHeaderView> {
  switch (event.type) {
    case "run.queued":
      if (header.mode === "planned") return { status: "queued", inputs: event.data.inputs as RunHeaderView["inputs"] };
      return {
        status: "queued",
        routineId: event.data.routineId,
        routineName: event.data.routineName,
        versionNumber: event.data.versionNumber,
        inputs: event.data.inputs as RunHeaderView["inputs"],
      };
    case "run.started":
      return { status: "running", statusReason: null, startedAt: header.startedAt ?? event.at };
    case "run.status":
      // A finished run an operator retries or re-runs goes back to queued: it is no longer finished.
      if (!isFinished(event.data.status) && isFinished(header.status)) {
        return {
          status: event.data.status,
          statusReason: event.data.reason ?? null,
          finishedAt: null,
          error: null,
          outputs: null,
        };
      }
      return { status: event.data.status, statusReason: event.data.reason ?? null };
    case "run.budget_exceeded":
      return { budgetExceeded: event.data };
    case "run.finished":
      return {
        status: event.data.status,
        statusReason: null,
        finishedAt: event.at,
        error: event.data.error ?? null,
        outputs: event.data.outputs ?? null,
        inputTokens: event.data.inputTokens,
        outputTokens: event.data.outputTokens,
      };
  }
}
