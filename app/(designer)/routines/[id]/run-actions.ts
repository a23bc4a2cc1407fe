"use server";

import { z } from "zod";
import type { RunFormView, StartRunState } from "@/components/runs/start/start-run-types";
import { defineAction } from "@/lib/session";
import { getRunForm, startRun } from "@/lib/runs/operations";
import { ValidationError } from "@/lib/db/core";
import { RUN_CONTROL_ROLES } from "@/lib/access";

// The designer's "Run" dialog: operators and admins (checked here and again in the DAL).

const MALFORMED = "That request was malformed; reload the page and try again.";

// The routine id as the dialog sends it (read as a string, as String() did); the DAL checks it.
const loadRunForm = defineAction(
  RUN_CONTROL_ROLES,
  z.coerce.string(),
  async (viewer, routineId): Promise<{ ok: true; form: RunFormView }> => {
    const form = await getRunForm(viewer, routineId);
    return {
      ok: true,
      form: {
        name: form.name,
        versionNumber: form.versionNumber,
        inputs: form.inputs,
        intents: form.intents,
        defaultMode: form.defaultMode,
        agentProblem: form.agentProblem,
        contextMode: form.contextMode,
      },
    };
  },
);

/** The published version's declared inputs, read when the dialog opens (so the designer loads nothing extra). */
export async function loadRunFormAction(
  routineId: string,
): Promise<{ ok: true; form: RunFormView } | { ok: false; message: string }> {
  const result = await loadRunForm(routineId);
  return "status" in result ? { ok: false, message: result.message } : result;
}

/** A whole number typed into a field; blank is left out (the setting in effect), anything else is for the DAL to check. */
const typedSetting = z
  .string()
  .trim()
  .optional()
  .transform((text) => (text ? Number(text) : undefined));

const startForm = z.object({
  routineId: z.string().min(1, "Missing the routine."),
  mode: z.enum(["form", "request"]),
  execution: z.enum(["workflow", "agent"]).optional(),
  inputs: z.string().max(500_000, "The inputs are too large.").default("{}"),
  request: z.string().max(8_000, "Keep the request under 8,000 characters.").default(""),
  // The run's context settings; each left out comes from the setting in effect. The DAL's schema says what is wrong.
  "context.mode": z.string().trim().optional(),
  "context.lookahead": typedSetting,
  "context.budgetTokens": typedSetting,
  "context.compressTokens": typedSetting,
});

/**
 * Starts a run from the dialog: typed inputs, or a free-text request the executor reads inputs from (a routine
 * without inputs takes an optional request beside them), as a workflow
 * or with the model as an agent (`execution`; the routine's default when absent), with the context settings chosen
 * (`context.mode`, `context.lookahead`, `context.budgetTokens`, `context.compressTokens`; each optional, a bad
 * one is a field error on `context` and nothing starts).
 */
export const startRunAction = defineAction(
  RUN_CONTROL_ROLES,
  startForm,
  async (viewer, { routineId, mode, execution, request, inputs: inputsText, ...fields }): Promise<StartRunState> => {
    let inputs: Record<string, unknown> = {};
    try {
      const value: unknown = JSON.parse(inputsText);
      if (value && typeof value === "object" && !Array.isArray(value)) inputs = value as Record<string, unknown>;
    } catch {
      throw new ValidationError(MALFORMED);
    }
    if (mode === "request" && request.trim() === "")
      throw new ValidationError("Describe what you need.", {
        request: ["Describe what you need, e.g. “Book 3 days of leave for E-1001 from 2 March”."],
      });
    const context = {
      mode: fields["context.mode"] || undefined,
      lookahead: fields["context.lookahead"],
      budgetTokens: fields["context.budgetTokens"],
      compressTokens: fields["context.compressTokens"],
    };
    const { runId } = await startRun(viewer, {
      routineId,
      source: "ui",
      mode: execution,
      context: Object.fromEntries(Object.entries(context).filter(([, value]) => value !== undefined)),
      // In form mode a request may come too (a routine without inputs offers only that field): it is stored and
      // reaches the executor; given inputs are never re-read from it.
      ...(mode === "request"
        ? { request: request.trim() }
        : { inputs, ...(request.trim() ? { request: request.trim() } : {}) }),
    });
    return { status: "success", message: "Run started.", data: { runId } };
  },
  { invalidMessage: MALFORMED },
);
