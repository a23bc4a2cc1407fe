import type { RunEvent, RunStatus, STAGE_INTERVENTIONS, STEP_INTERVENTIONS } from "../../events";

/**
 * The run's log as operators read it: every intervention on a stage or a step (who, what, why: each is an audited
 * run event) and every change of the run's status that came with a reason (paused by whom, waiting for what).
 */
export type RunLogEntry =
  | {
      kind: "stage";
      seq: number;
      at: string;
      stageId: string;
      by: string;
      action: (typeof STAGE_INTERVENTIONS)[number];
      reason: string | null;
    }
  | {
      kind: "step";
      seq: number;
      at: string;
      stepId: string;
      by: string;
      action: (typeof STEP_INTERVENTIONS)[number];
      /** The operator's reason (a retry, a skip), or a human step's comment. */
      reason: string | null;
    }
  | { kind: "run"; seq: number; at: string; status: RunStatus; reason: string }
  /** The compressor's answer was refused (or none is configured): the turn went plan-aware. */
  | { kind: "context"; seq: number; at: string; reason: string };

/** The log entry of an event, or null for events the log leaves to other views (step progress, model turns). Pure. */
export function runLogEntry(event: RunEvent): RunLogEntry | null {
  const { seq, at } = event;
  switch (event.type) {
    case "stage.intervention":
      return {
        kind: "stage",
        seq,
        at,
        stageId: event.data.stageId,
        by: event.data.by,
        action: event.data.action,
        reason: event.data.reason ?? null,
      };
    case "step.intervention":
      return {
        kind: "step",
        seq,
        at,
        stepId: event.data.stepId,
        by: event.data.by,
        action: event.data.action,
        reason: event.data.reason ?? event.data.comment ?? null,
      };
    case "run.status":
      return event.data.reason ? { kind: "run", seq, at, status: event.data.status, reason: event.data.reason } : null;
    case "context.compressed":
      return event.data.accepted
        ? null
        : { kind: "context", seq, at, reason: event.data.reason ?? "The compressor's answer was refused." };
    default:
      return null;
  }
}
