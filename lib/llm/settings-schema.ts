import { z } from "zod";
import { LLM_ROLES, type LlmRole } from "./roles";

export const MIN_TIMEOUT_MS = 1_000;
export const MAX_TIMEOUT_MS = 600_000;
export const MAX_RETRIES_LIMIT = 8;
export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_RETRIES = 3;

/** An http(s) URL; other schemes (file:, ftp:) and bare host names are refused with a message saying why. */
export const baseUrlSchema = z
  .string()
  .trim()
  .min(1, "Enter the base URL of an OpenAI-compatible API, e.g. https://api.openai.com/v1.")
  .max(2_000, "The base URL is too long.")
  .refine(
    (value) => URL.canParse(value),
    "Enter a full URL starting with http:// or https://, e.g. http://localhost:11434/v1.",
  )
  .refine(
    (value) => !URL.canParse(value) || ["http:", "https:"].includes(new URL(value).protocol),
    "Only http:// and https:// URLs are supported.",
  )
  .transform((value) => value.replace(/\/+$/, ""));

/** One role's settings. An empty model means the role is not configured. */
export const roleSettingsSchema = z.object({
  model: z.string().trim().max(200, "The model name is too long."),
  timeoutMs: z
    .number({ error: "Enter the timeout as a number of seconds." })
    .int("Enter the timeout as a whole number.")
    .min(MIN_TIMEOUT_MS, "The timeout must be between 1 second and 10 minutes.")
    .max(MAX_TIMEOUT_MS, "The timeout must be between 1 second and 10 minutes."),
  maxRetries: z
    .number({ error: "Enter the number of retries." })
    .int("Enter a whole number of retries.")
    .min(0, `Retries must be between 0 and ${MAX_RETRIES_LIMIT}.`)
    .max(MAX_RETRIES_LIMIT, `Retries must be between 0 and ${MAX_RETRIES_LIMIT}.`),
});
export type RoleSettings = z.infer<typeof roleSettingsSchema>;

const rolesShape = Object.fromEntries(LLM_ROLES.map((role) => [role, roleSettingsSchema])) as Record<
  LlmRole,
  typeof roleSettingsSchema
>;

/** The model settings without the API key: what is stored in the clear and shown to admins. */
export const llmSettingsSchema = z.object({
  baseUrl: baseUrlSchema,
  roles: z.object(rolesShape),
});
export type LlmSettings = z.infer<typeof llmSettingsSchema>;

/**
 * What the settings form sends. The API key is write-only: blank keeps the stored key, `clearApiKey` removes it.
 */
export const llmSettingsInputSchema = llmSettingsSchema.extend({
  apiKey: z.string().trim().max(4_000, "The API key is too long.").optional(),
  clearApiKey: z.boolean().optional(),
});
export type LlmSettingsInput = z.input<typeof llmSettingsInputSchema>;

/** A role's settings when nothing is stored: no model, the default timeout and retries. */
export function defaultRoleSettings(model = ""): RoleSettings {
  return { model, timeoutMs: DEFAULT_TIMEOUT_MS, maxRetries: DEFAULT_MAX_RETRIES };
}
