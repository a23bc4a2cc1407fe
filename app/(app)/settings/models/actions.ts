"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { ConnectionTestData } from "@/components/admin/models/model-types";
import { formValues, toErrorState, type ActionState } from "@/lib/actions/action-state";
import { requireRole } from "@/lib/session/index";
import { testLlmConnection, updateLlmSettings, ValidationError } from "@/lib/db";
import { LLM_ROLES, type LlmSettingsInput } from "@/lib/llm";

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
function settingsFrom(formData: FormData): LlmSettingsInput {
  const values = formValues(formData);
  return {
    baseUrl: typeof values.baseUrl === "string" ? values.baseUrl : "",
    apiKey: typeof values.apiKey === "string" ? values.apiKey : undefined,
    clearApiKey: values.clearApiKey === "on",
    roles: Object.fromEntries(
      LLM_ROLES.map((role) => [
        role,
        { model: typeof values[`${role}.model`] === "string" ? values[`${role}.model`] : "", timeoutMs: secondsToMs(values[`${role}.timeoutSeconds`]), maxRetries: wholeNumber(values[`${role}.maxRetries`]) },
      ]),
    ) as LlmSettingsInput["roles"],
  };
}

const FIELD_LABELS: Record<string, string> = { baseUrl: "base URL", apiKey: "API key", model: "model", timeoutMs: "timeout", maxRetries: "retries" };

/** ["baseUrl", "roles.planner.model"] → "base URL, planner model". */
function describeChanges(changed: string[]): string {
  return changed
    .map((field) => {
      const [, role, name] = field.split(".");
      return name ? `${role} ${FIELD_LABELS[name] ?? name}` : (FIELD_LABELS[field] ?? field);
    })
    .join(", ");
}

export async function updateLlmSettingsAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  try {
    await requireRole("admin");
    const { changed } = await updateLlmSettings(settingsFrom(formData));
    revalidatePath("/settings/models");
    return { status: "success", message: changed.length > 0 ? `Saved. Changed: ${describeChanges(changed)}.` : "Saved. Nothing had changed." };
  } catch (error) {
    return toErrorState(error);
  }
}

const testForm = z.object({ role: z.enum(LLM_ROLES) });

/** Sends one tiny request with a role's saved settings; a failed connection is a result to show, not an error. */
export async function testLlmConnectionAction(_previous: ActionState<ConnectionTestData>, formData: FormData): Promise<ActionState<ConnectionTestData>> {
  try {
    await requireRole("admin");
    const parsed = testForm.safeParse(formValues(formData));
    if (!parsed.success) throw new ValidationError("That request was malformed; reload the page and try again.");
    const result = await testLlmConnection({ role: parsed.data.role });
    revalidatePath("/settings/models");
    return { status: "success", message: result.message, data: result };
  } catch (error) {
    return toErrorState(error);
  }
}
