"use server";

import { z } from "zod";
import { formValues, toErrorState, type ActionState } from "@/lib/actions/action-state";
import { requireRole, requireUser } from "@/lib/session/index";
import { controlRun, decideHumanStep, readRunVariable, rerunFromStep, retryStep, ValidationError } from "@/lib/db";

// Each action authorizes and validates here, and the DAL checks again: neither trusts the page that drew the button.
// No revalidation: the run view follows the run through its event stream.

const runForm = z.object({ runId: z.string().min(1, "Missing the run.") });
const stepForm = runForm.extend({ stepRunId: z.string().min(1, "Missing the step.") });

function parseForm<T extends z.ZodType>(schema: T, formData: FormData): z.infer<T> {
  const parsed = schema.safeParse(formValues(formData));
  if (!parsed.success) throw ValidationError.fromZod(parsed.error, "That request was malformed; reload the page and try again.");
  return parsed.data;
}

function parseJsonField(text: string | undefined, field: string, what: string): Record<string, unknown> | undefined {
  if (text === undefined || text.trim() === "") return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ValidationError(`${what} is not valid JSON.`, { [field]: [`${what} is not valid JSON.`] });
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) throw new ValidationError(`${what} must be a JSON object.`, { [field]: [`${what} must be a JSON object.`] });
  return value as Record<string, unknown>;
}

const CONTROL_DONE = { pause: "Pause requested: the run stops after the step in flight.", resume: "The run resumes.", cancel: "Cancel requested." } as const;

export async function controlRunAction(_state: ActionState, formData: FormData): Promise<ActionState> {
  try {
    await requireRole("operator", "admin");
    const { runId, action } = parseForm(runForm.extend({ action: z.enum(["pause", "resume", "cancel"], { error: "Choose pause, resume or cancel." }) }), formData);
    await controlRun({ runId, action });
    return { status: "success", message: CONTROL_DONE[action] };
  } catch (error) {
    return toErrorState(error);
  }
}

export async function retryStepAction(_state: ActionState, formData: FormData): Promise<ActionState> {
  try {
    await requireRole("operator", "admin");
    const { runId, stepRunId } = parseForm(stepForm, formData);
    await retryStep({ runId, stepRunId });
    return { status: "success", message: "The step runs again." };
  } catch (error) {
    return toErrorState(error);
  }
}

export async function rerunFromStepAction(_state: ActionState, formData: FormData): Promise<ActionState> {
  try {
    await requireRole("operator", "admin");
    const { runId, stepRunId, input } = parseForm(stepForm.extend({ input: z.string().max(1_000_000, "The input is too large.") }), formData);
    const parsed = parseJsonField(input, "input", "The input");
    if (!parsed) throw new ValidationError("Give the step's input as a JSON object.", { input: ["Give the step's input as a JSON object."] });
    await rerunFromStep({ runId, stepRunId, input: parsed });
    return { status: "success", message: "The run goes on from this step with the new input." };
  } catch (error) {
    return toErrorState(error);
  }
}

export async function decideHumanStepAction(_state: ActionState, formData: FormData): Promise<ActionState> {
  try {
    await requireRole("operator", "admin");
    const form = parseForm(
      stepForm.extend({
        decision: z.enum(["approve", "reject"], { error: "Choose approve or reject." }),
        comment: z.string().max(4_000, "Keep the comment under 4,000 characters.").optional(),
        values: z.string().max(200_000, "The form values are too large.").optional(),
      }),
      formData,
    );
    const values = parseJsonField(form.values, "values", "The form values");
    await decideHumanStep({ runId: form.runId, stepRunId: form.stepRunId, decision: form.decision, comment: form.comment?.trim() || undefined, values });
    return { status: "success", message: form.decision === "approve" ? "Approved: the run goes on." : "Rejected." };
  } catch (error) {
    return toErrorState(error);
  }
}

/** The whole value of a run variable, for the viewer's "show the whole value" button. Same visibility as the run. */
export async function readRunVariableAction(runId: string, key: string): Promise<{ ok: true; value: string; bytes: number } | { ok: false; message: string }> {
  try {
    await requireUser();
    const parsed = z.object({ runId: z.string().min(1).max(100), key: z.string().min(1).max(200) }).safeParse({ runId, key });
    if (!parsed.success) return { ok: false, message: "That variable reference is malformed." };
    const variable = await readRunVariable(parsed.data);
    return { ok: true, value: variable.value, bytes: variable.bytes };
  } catch (error) {
    return { ok: false, message: toErrorState(error).message };
  }
}
