"use server";

import { z } from "zod";
import type { ActionState } from "@/lib/forms";
import { defineAction } from "@/lib/session";
import { controlRun, decideHumanStep, readRunVariable, rerunFromStep, retryStep } from "@/lib/runs/operations";
import { ValidationError } from "@/lib/db/core";
import { RUN_CONTROL_ROLES } from "@/lib/access";

// Each action authorizes and validates here, and the DAL checks again: neither trusts the page that drew the button.
// No revalidation: the run view follows the run through its event stream.

const MALFORMED = "That request was malformed; reload the page and try again.";

const runForm = z.object({ runId: z.string().min(1, "Missing the run.") });
const stepForm = runForm.extend({ stepRunId: z.string().min(1, "Missing the step.") });

function parseJsonField(text: string | undefined, field: string, what: string): Record<string, unknown> | undefined {
  if (text === undefined || text.trim() === "") return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ValidationError(`${what} is not valid JSON.`, { [field]: [`${what} is not valid JSON.`] });
  }
  if (!value || typeof value !== "object" || Array.isArray(value))
    throw new ValidationError(`${what} must be a JSON object.`, { [field]: [`${what} must be a JSON object.`] });
  return value as Record<string, unknown>;
}

const CONTROL_DONE = {
  pause: "Pause requested: the run stops after the step in flight.",
  resume: "The run resumes.",
  cancel: "Cancel requested.",
} as const;

export const controlRunAction = defineAction(
  RUN_CONTROL_ROLES,
  runForm.extend({ action: z.enum(["pause", "resume", "cancel"], { error: "Choose pause, resume or cancel." }) }),
  async (viewer, { runId, action }): Promise<ActionState> => {
    await controlRun(viewer, { runId, action });
    return { status: "success", message: CONTROL_DONE[action] };
  },
  { invalidMessage: MALFORMED },
);

export const retryStepAction = defineAction(
  RUN_CONTROL_ROLES,
  stepForm.extend({ reason: z.string().max(500, "Keep the reason under 500 characters.").optional() }),
  async (viewer, { runId, stepRunId, reason }): Promise<ActionState> => {
    await retryStep(viewer, { runId, stepRunId, reason: reason?.trim() || undefined });
    return { status: "success", message: "The step runs again." };
  },
  { invalidMessage: MALFORMED },
);

export const rerunFromStepAction = defineAction(
  RUN_CONTROL_ROLES,
  stepForm.extend({ input: z.string().max(1_000_000, "The input is too large.") }),
  async (viewer, { runId, stepRunId, input }): Promise<ActionState> => {
    const parsed = parseJsonField(input, "input", "The input");
    if (!parsed)
      throw new ValidationError("Give the step's input as a JSON object.", {
        input: ["Give the step's input as a JSON object."],
      });
    await rerunFromStep(viewer, { runId, stepRunId, input: parsed });
    return { status: "success", message: "The run goes on from this step with the new input." };
  },
  { invalidMessage: MALFORMED },
);

export const decideHumanStepAction = defineAction(
  RUN_CONTROL_ROLES,
  stepForm.extend({
    decision: z.enum(["approve", "reject"], { error: "Choose approve or reject." }),
    comment: z.string().max(4_000, "Keep the comment under 4,000 characters.").optional(),
    values: z.string().max(200_000, "The form values are too large.").optional(),
  }),
  async (viewer, form): Promise<ActionState> => {
    const values = parseJsonField(form.values, "values", "The form values");
    await decideHumanStep(viewer, {
      runId: form.runId,
      stepRunId: form.stepRunId,
      decision: form.decision,
      comment: form.comment?.trim() || undefined,
      values,
    });
    return { status: "success", message: form.decision === "approve" ? "Approved: the run goes on." : "Rejected." };
  },
  { invalidMessage: MALFORMED },
);

const readVariable = defineAction(
  "signed-in",
  z.object({ runId: z.string().min(1).max(100), key: z.string().min(1).max(200) }),
  async (viewer, reference) => {
    const variable = await readRunVariable(viewer, reference);
    return { ok: true as const, value: variable.value, bytes: variable.bytes };
  },
  { invalidMessage: "That variable reference is malformed." },
);

/** The whole value of a run variable, for the viewer's "show the whole value" button. Same visibility as the run. */
export async function readRunVariableAction(
  runId: string,
  key: string,
): Promise<{ ok: true; value: string; bytes: number } | { ok: false; message: string }> {
  const result = await readVariable({ runId, key });
  return "status" in result ? { ok: false, message: result.message } : result;
}
