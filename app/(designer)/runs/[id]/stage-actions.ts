"use server";

import { z } from "zod";
import type { ActionState } from "@/lib/forms";
import { defineAction } from "@/lib/session";
import { controlStage, skipStep, type StageControlEffect } from "@/lib/runs/operations";
import { RUN_CONTROL_ROLES } from "@/lib/access";

// The run page's stage and step interventions (issue #18): each authorizes and validates here, and the DAL checks
// again. No revalidation: the run view follows the run through its event stream.

const MALFORMED = "That request was malformed; reload the page and try again.";
const MAX_REASON = 500;
const TOO_LONG = `Keep the reason under ${MAX_REASON} characters.`;

const DONE: Record<StageControlEffect, string> = {
  paused: "Stage paused: the run is paused.",
  pause_requested: "Pause requested: the run stops after the step in flight.",
  held: "The run will pause before it enters this stage.",
  cancelled: "Stage cancelled: the run goes on after it.",
  cancel_requested: "Stage cancel requested: the step in flight stops, and the run goes on after the stage.",
  retried: "The stage runs again.",
};

/** Pauses, cancels or retries a stage of the run, with the operator's optional reason. */
export const controlStageAction = defineAction(
  RUN_CONTROL_ROLES,
  z.object({
    runId: z.string().min(1, "Missing the run."),
    stageId: z.string().min(1, "Missing the stage."),
    action: z.enum(["pause", "cancel", "retry"], { error: "Choose pause, cancel or retry." }),
    reason: z.string().max(MAX_REASON, TOO_LONG).optional(),
  }),
  async (viewer, { runId, stageId, action, reason }): Promise<ActionState> => {
    const { effect } = await controlStage(viewer, { runId, stageId, action, reason: reason?.trim() || undefined });
    return { status: "success", message: DONE[effect] };
  },
  { invalidMessage: MALFORMED },
);

/** Skips the step the run stands at; the reason is required. */
export const skipStepAction = defineAction(
  RUN_CONTROL_ROLES,
  z.object({
    runId: z.string().min(1, "Missing the run."),
    stepRunId: z.string().min(1, "Missing the step."),
    reason: z
      .string({ error: "Say why you skip this step." })
      .trim()
      .min(1, "Say why you skip this step.")
      .max(MAX_REASON, TOO_LONG),
  }),
  async (viewer, { runId, stepRunId, reason }): Promise<ActionState> => {
    await skipStep(viewer, { runId, stepRunId, reason });
    return { status: "success", message: "Step skipped: the run goes on after it." };
  },
  { invalidMessage: "Some fields need attention." },
);
