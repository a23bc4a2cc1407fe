"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { ConnectionTestData } from "@/components/admin/models/model-types";
import { typedNumber, type ActionState } from "@/lib/forms";
import { defineAction } from "@/lib/session";
import { testLlmConnection, updateExchangeRetention, updateLlmSettings } from "@/lib/db/llm";
import { updateRunContextSettings } from "@/lib/runs/operations";
import { LLM_ROLES, type LlmSettingsInput } from "@/lib/llm";
import { ADMIN_ROLES } from "@/lib/access";
import { CONTEXT_MODE_LABELS, CONTEXT_MODES } from "@/lib/context-modes";

// Each action authorizes itself here and the DAL checks again: neither trusts the page that rendered the form.

/** Seconds as typed into the form → milliseconds; anything that is not a number stays NaN for the schema to refuse. */
function secondsToMs(value: unknown): number {
  const text = typeof value === "string" ? value.trim() : "";
  return text === "" ? Number.NaN : Math.round(Number(text) * 1000);
}

function wholeNumber(value: unknown): number {
  const text = typeof value === "string" ? value.trim() : "";
  return text === "" ? Number.NaN : Number(text);
}

/** The DAL's input from the form: per role `<role>.model`, `<role>.timeoutSeconds`, `<role>.maxRetries`. */
function settingsFrom(values: Record<string, string>): LlmSettingsInput {
  return {
    baseUrl: values.baseUrl ?? "",
    apiKey: values.apiKey,
    clearApiKey: values.clearApiKey === "on",
    roles: Object.fromEntries(
      LLM_ROLES.map((role) => [
        role,
        {
          model: values[`${role}.model`] ?? "",
          timeoutMs: secondsToMs(values[`${role}.timeoutSeconds`]),
          maxRetries: wholeNumber(values[`${role}.maxRetries`]),
        },
      ]),
    ) as LlmSettingsInput["roles"],
  };
}

/** The settings form's text fields; the DAL's schema checks what they say (URL, model names, numbers). */
const settingsForm = z.record(z.string(), z.string()).transform(settingsFrom);

const FIELD_LABELS: Record<string, string> = {
  baseUrl: "base URL",
  apiKey: "API key",
  baseUrlCredentials: "base URL credentials",
  model: "model",
  timeoutMs: "timeout",
  maxRetries: "retries",
};

/** ["baseUrl", "roles.planner.model"] → "base URL, planner model". */
function describeChanges(changed: string[]): string {
  return changed
    .map((field) => {
      const [, role, name] = field.split(".");
      return name ? `${role} ${FIELD_LABELS[name] ?? name}` : (FIELD_LABELS[field] ?? field);
    })
    .join(", ");
}

export const updateLlmSettingsAction = defineAction(
  ADMIN_ROLES,
  settingsForm,
  async (viewer, settings): Promise<ActionState> => {
    const { changed, dropped } = await updateLlmSettings(viewer, settings);
    revalidatePath("/settings/models");
    // A key never follows the endpoint to a new address: say so, or the next call's 401 would be a puzzle.
    const droppedNote = dropped.length
      ? ` The base URL's address changed, so the saved ${dropped.map((field) => FIELD_LABELS[field]).join(" and ")} ${dropped.length > 1 ? "were" : "was"} removed; enter ${dropped.length > 1 ? "them" : "it"} again if the new endpoint needs ${dropped.length > 1 ? "them" : "it"}.`
      : "";
    return {
      status: "success",
      message:
        (changed.length > 0 ? `Saved. Changed: ${describeChanges(changed)}.` : "Saved. Nothing had changed.") +
        droppedNote,
    };
  },
);

/** The retention form's one field; the DAL's schema says what is wrong with it (range, whole number). */
const retentionForm = z.object({ days: z.string().optional() }).transform(({ days }) => ({ days: wholeNumber(days) }));

export const updateExchangeRetentionAction = defineAction(
  ADMIN_ROLES,
  retentionForm,
  async (viewer, { days }): Promise<ActionState> => {
    const result = await updateExchangeRetention(viewer, { days });
    revalidatePath("/settings/models");
    if (!result.changed) return { status: "success", message: "Saved. Nothing had changed." };
    const kept =
      days === 0
        ? "Model exchanges are no longer kept."
        : `Model exchanges are kept for ${days} day${days === 1 ? "" : "s"}.`;
    const cleared =
      result.cleared > 0 ? ` ${result.cleared} older exchange${result.cleared === 1 ? " was" : "s were"} cleared.` : "";
    return { status: "success", message: `Saved. ${kept}${cleared}` };
  },
);

const runContextForm = z.object({
  mode: z.enum(CONTEXT_MODES, { error: "Choose full history, plan-aware or plan-aware + compressor." }),
  lookahead: typedNumber("Enter the lookahead as a whole number of steps, for example 2."),
  budgetTokens: typedNumber("Enter the prompt budget as a number of tokens, for example 8000."),
  compressTokens: typedNumber("Enter the compressor budget as a number of tokens, for example 1000."),
});

/** The context settings every run started from now on gets (a starter may choose another mode). */
export const updateRunContextAction = defineAction(
  ADMIN_ROLES,
  runContextForm,
  async (viewer, input): Promise<ActionState> => {
    const { settings, changed } = await updateRunContextSettings(viewer, input);
    revalidatePath("/settings/models");
    if (!changed) return { status: "success", message: "Saved. Nothing had changed." };
    return {
      status: "success",
      message: `Saved. Runs started from now on use ${CONTEXT_MODE_LABELS[settings.mode].title.toLowerCase()} context (k = ${settings.lookahead}, ${settings.budgetTokens.toLocaleString("en")}-token prompt budget, ${settings.compressTokens.toLocaleString("en")}-token compressor budget).`,
    };
  },
);

const testForm = z.object({ role: z.enum(LLM_ROLES) });

/** Sends one tiny request with a role's saved settings; a failed connection is a result to show, not an error. */
export const testLlmConnectionAction = defineAction(
  ADMIN_ROLES,
  testForm,
  async (viewer, { role }): Promise<ActionState<ConnectionTestData>> => {
    const result = await testLlmConnection(viewer, { role });
    revalidatePath("/settings/models");
    return { status: "success", message: result.message, data: result };
  },
  { invalidMessage: "That request was malformed; reload the page and try again." },
);
