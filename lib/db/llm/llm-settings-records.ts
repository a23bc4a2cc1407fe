import "server-only";
import { z } from "zod";
import {
  openSecret,
  openUrlCredentials,
  SecretUnreadableError,
  splitUrlCredentials,
  type UrlCredentials,
  withUrlCredentials,
} from "../../crypto";
import {
  baseUrlSchema,
  defaultRoleSettings,
  LLM_ROLES,
  modelEnvVar,
  roleSettingsSchema,
  type LlmRole,
  type LlmSettings,
  type RoleSettings,
} from "../../llm";

/** The `setting` row holding the model settings. */
export const LLM_SETTING_KEY = "llm";

export type LlmSettingsSource = "database" | "environment" | "none";

/**
 * The settings row's JSON: the clear settings plus the API key sealed with the secret box (or null), and the
 * credentials the base URL carried (userinfo, query string), sealed apart so `baseUrl` holds only what may be shown.
 */
export type StoredLlmSettings = LlmSettings & { apiKeySealed: string | null; baseUrlCredentialsSealed: string | null };

// Read leniently: a role added after the row was written gets the defaults instead of breaking every call.
const storedSchema = z.object({
  baseUrl: z.string(),
  apiKeySealed: z.string().nullable().default(null),
  baseUrlCredentialsSealed: z.string().nullable().default(null),
  roles: z.record(z.string(), z.unknown()).default({}),
});

/** Parses the stored JSON; a role that is missing or unreadable reads as not configured. */
export function parseStoredSettings(value: string): StoredLlmSettings | null {
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    return null;
  }
  const parsed = storedSchema.safeParse(json);
  if (!parsed.success) return null;
  const roles = Object.fromEntries(
    LLM_ROLES.map((role) => {
      const stored = roleSettingsSchema.safeParse(parsed.data.roles[role]);
      return [role, stored.success ? stored.data : defaultRoleSettings()];
    }),
  ) as Record<LlmRole, RoleSettings>;
  const { baseUrl, apiKeySealed, baseUrlCredentialsSealed } = parsed.data;
  return { baseUrl, apiKeySealed, baseUrlCredentialsSealed, roles };
}

export type Env = Record<string, string | undefined>;

/** The settings the environment gives (OPENAI_BASE_URL, OPENAI_API_KEY, OPENAI_<ROLE>_MODEL), or a reason it gives none. */
export function environmentSettings(
  env: Env = process.env,
): { settings: LlmSettings & { apiKey?: string } } | { settings: null; note?: string } {
  const rawUrl = env.OPENAI_BASE_URL?.trim();
  if (!rawUrl) return { settings: null };
  const baseUrl = baseUrlSchema.safeParse(rawUrl);
  if (!baseUrl.success)
    return {
      settings: null,
      note: `OPENAI_BASE_URL is ignored: ${baseUrl.error.issues[0]?.message ?? "not a valid URL."}`,
    };
  const roles = Object.fromEntries(
    LLM_ROLES.map((role) => [role, defaultRoleSettings(env[modelEnvVar(role)]?.trim() ?? "")]),
  ) as Record<LlmRole, RoleSettings>;
  return { settings: { baseUrl: baseUrl.data, roles, apiKey: env.OPENAI_API_KEY?.trim() || undefined } };
}

/** The stored key in the clear, for one client; `unreadable` when the server's secret key changed since it was saved. */
export function openApiKey(sealed: string | null): { apiKey?: string; unreadable: boolean } {
  if (!sealed) return { unreadable: false };
  try {
    return { apiKey: openSecret(sealed), unreadable: false };
  } catch (error) {
    if (error instanceof SecretUnreadableError) return { unreadable: true };
    throw error;
  }
}

/** Field names of what differs between two settings, e.g. ["baseUrl", "roles.planner.model"]. */
export function changedFields(before: LlmSettings | null, after: LlmSettings): string[] {
  const changed: string[] = [];
  if (before?.baseUrl !== after.baseUrl) changed.push("baseUrl");
  for (const role of LLM_ROLES) {
    for (const field of ["model", "timeoutMs", "maxRetries"] as const) {
      if (before?.roles[role][field] !== after.roles[role][field]) changed.push(`roles.${role}.${field}`);
    }
  }
  return changed;
}

/** A base URL as it may be shown and compared: without credentials, trailing slashes trimmed as the schema does. */
export function publicBaseUrl(baseUrl: string): { publicUrl: string; credentials: UrlCredentials | null } {
  const { publicUrl, credentials } = splitUrlCredentials(baseUrl);
  return { publicUrl: publicUrl.replace(/\/+$/, ""), credentials };
}

/**
 * The stored base URL's credentials: the sealed ones, else any a row saved before they were sealed still holds in
 * `baseUrl`. `unreadable` when the server's secret key changed since they were sealed.
 */
export function storedUrlCredentials(settings: StoredLlmSettings): {
  credentials: UrlCredentials | null;
  unreadable: boolean;
} {
  try {
    const sealed = openUrlCredentials(settings.baseUrlCredentialsSealed);
    return { credentials: sealed ?? publicBaseUrl(settings.baseUrl).credentials, unreadable: false };
  } catch (error) {
    if (error instanceof SecretUnreadableError) return { credentials: null, unreadable: true };
    throw error;
  }
}

/** The base URL the client calls: the shown part with the sealed credentials put back. */
export function connectBaseUrl(settings: StoredLlmSettings): { baseUrl: string; unreadable: boolean } {
  const { credentials, unreadable } = storedUrlCredentials(settings);
  if (!credentials) return { baseUrl: settings.baseUrl, unreadable };
  return { baseUrl: withUrlCredentials(publicBaseUrl(settings.baseUrl).publicUrl, credentials), unreadable };
}
