"use server";

import { z } from "zod";
import type { RunFormView, StartRunState } from "@/components/runs/start/start-run-types";
import { formValues, toErrorState } from "@/lib/actions/action-state";
import { requireRole } from "@/lib/session/index";
import { getRunForm, startRun, ValidationError } from "@/lib/db";

// The designer's "Run" dialog: operators and admins (checked here and again in the DAL).

/** The published version's declared inputs, read when the dialog opens (so the designer loads nothing extra). */
export async function loadRunFormAction(routineId: string): Promise<{ ok: true; form: RunFormView } | { ok: false; message: string }> {
  try {
    await requireRole("operator", "admin");
    const form = await getRunForm(String(routineId));
    return { ok: true, form: { name: form.name, versionNumber: form.versionNumber, inputs: form.inputs, intents: form.intents } };
  } catch (error) {
    return { ok: false, message: toErrorState(error).message };
  }
}

const startForm = z.object({
  routineId: z.string().min(1, "Missing the routine."),
  mode: z.enum(["form", "request"]),
  inputs: z.string().max(500_000, "The inputs are too large.").default("{}"),
  request: z.string().max(8_000, "Keep the request under 8,000 characters.").default(""),
});

/** Starts a run from the dialog: typed inputs, or a free-text request the executor reads inputs from. */
export async function startRunAction(_state: StartRunState, formData: FormData): Promise<StartRunState> {
  try {
    await requireRole("operator", "admin");
    const parsed = startForm.safeParse(formValues(formData));
    if (!parsed.success) throw ValidationError.fromZod(parsed.error, "That request was malformed; reload the page and try again.");
    const { routineId, mode, request } = parsed.data;
    let inputs: Record<string, unknown> = {};
    try {
      const value: unknown = JSON.parse(parsed.data.inputs);
      if (value && typeof value === "object" && !Array.isArray(value)) inputs = value as Record<string, unknown>;
    } catch {
      throw new ValidationError("That request was malformed; reload the page and try again.");
    }
    if (mode === "request" && request.trim() === "") throw new ValidationError("Describe what you need.", { request: ["Describe what you need, e.g. “Book 3 days of leave for E-1001 from 2 March”."] });
    const { runId } = await startRun(mode === "request" ? { routineId, request: request.trim(), source: "ui" } : { routineId, inputs, source: "ui" });
    return { status: "success", message: "Run started.", data: { runId } };
  } catch (error) {
    return toErrorState(error);
  }
}
