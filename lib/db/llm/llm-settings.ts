import "server-only";
import { sealSecret } from "../../crypto";
import { type Viewer, requireRole } from "../../access";
import {
  defaultRoleSettings,
  LLM_ROLES,
  LlmNotConfiguredError,
  llmSettingsInputSchema,
  type LlmClientConfig,
  type LlmRole,
  type LlmSettingsInput,
  type RoleSettings,
} from "../../llm";
import { recordAudit } from "../audit";
import { prisma, ValidationError, withDbErrors } from "../core";
import {
  changedFields,
  environmentSettings,
  LLM_SETTING_KEY,
  openApiKey,
  parseStoredSettings,
  type Env,
  type LlmSettingsSource,
  type StoredLlmSettings,
} from "./llm-settings-records";

export type { LlmSettingsSource };

/** The model settings as the admin page shows them. The API key is never included, only whether one is set. */
export type LlmSettingsView = {
  source: LlmSettingsSource;
  baseUrl: string;
  hasApiKey: boolean;
  roles: Record<LlmRole, RoleSettings & { configured: boolean }>;
  updatedAt: Date | null;
  updatedBy: string | null;
  /** Things an admin should know: an ignored environment variable, a key that can no longer be decrypted. */
  notes: string[];
};

/** A role's endpoint as the app will call it, with where it came from. */
export type ResolvedLlmConfig = LlmClientConfig & { source: Exclude<LlmSettingsSource, "none"> };

async function loadStored(): Promise<{
  settings: StoredLlmSettings;
  updatedAt: Date;
  updatedBy: string | null;
} | null> {
  const row = await prisma.setting.findUnique({
    where: { key: LLM_SETTING_KEY },
    include: { updatedBy: { select: { email: true } } },
  });
  if (!row) return null;
  const settings = parseStoredSettings(row.value);
  if (!settings) {
    console.error("[llm] the stored model settings are unreadable; treating them as not configured");
    return null;
  }
  return { settings, updatedAt: row.updatedAt, updatedBy: row.updatedBy?.email ?? null };
}

const withConfigured = (roles: Record<LlmRole, RoleSettings>, baseUrl: string) =>
  Object.fromEntries(
    LLM_ROLES.map((role) => [role, { ...roles[role], configured: Boolean(baseUrl && roles[role].model) }]),
  ) as LlmSettingsView["roles"];

/** The settings in effect: the database's when saved there, else the environment's. Admins only. */
export async function getLlmSettingsView(viewer: Viewer | null): Promise<LlmSettingsView> {
  requireRole(viewer, "admin");
  return withDbErrors(async () => {
    const stored = await loadStored();
    if (stored) {
      const { settings } = stored;
      const key = openApiKey(settings.apiKeySealed);
      return {
        source: "database",
        baseUrl: settings.baseUrl,
        hasApiKey: settings.apiKeySealed !== null,
        roles: withConfigured(settings.roles, settings.baseUrl),
        updatedAt: stored.updatedAt,
        updatedBy: stored.updatedBy,
        notes: key.unreadable
          ? ["The saved API key can no longer be decrypted (the server's secret key changed). Enter it again."]
          : [],
      };
    }
    const env = environmentSettings();
    const empty = Object.fromEntries(LLM_ROLES.map((role) => [role, defaultRoleSettings()])) as Record<
      LlmRole,
      RoleSettings
    >;
    return {
      source: env.settings ? "environment" : "none",
      baseUrl: env.settings?.baseUrl ?? "",
      hasApiKey: Boolean(env.settings?.apiKey),
      roles: withConfigured(env.settings?.roles ?? empty, env.settings?.baseUrl ?? ""),
      updatedAt: null,
      updatedBy: null,
      notes: !env.settings && env.note ? [env.note] : [],
    };
  });
}

/** Zod issues keyed by their dotted path ("roles.planner.timeoutMs"), as the settings form names its fields. */
function parseSettingsInput(input: LlmSettingsInput) {
  const parsed = llmSettingsInputSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (fieldErrors[issue.path.join(".") || "form"] ??= []).push(issue.message);
  throw new ValidationError("Some fields need attention.", fieldErrors);
}

/**
 * Saves the model settings to the database, which from then on override the environment. Admins only. The API
 * key is write-only: blank keeps the key in effect (on the first save, the one from OPENAI_API_KEY), `clearApiKey`
 * removes it. Audited with the names of the fields that changed, never the key.
 */
export async function updateLlmSettings(
  viewer: Viewer | null,
  input: LlmSettingsInput,
): Promise<{ changed: string[] }> {
  requireRole(viewer, "admin");
  const { apiKey, clearApiKey, ...settings } = parseSettingsInput(input);
  return withDbErrors(async () => {
    const stored = await loadStored();
    const env = stored ? null : environmentSettings();
    const before = stored?.settings ?? env?.settings ?? null;
    const previousSealed = stored
      ? stored.settings.apiKeySealed
      : env?.settings?.apiKey
        ? sealSecret(env.settings.apiKey)
        : null;
    const previousKey = stored ? openApiKey(stored.settings.apiKeySealed).apiKey : env?.settings?.apiKey;

    let apiKeySealed = previousSealed;
    let keyChange: "replaced" | "removed" | null = null;
    if (clearApiKey) {
      apiKeySealed = null;
      if (previousSealed !== null) keyChange = "removed";
    } else if (apiKey) {
      apiKeySealed = sealSecret(apiKey);
      if (apiKey !== previousKey) keyChange = "replaced";
    }
    const changed = [...changedFields(before, settings), ...(keyChange ? ["apiKey"] : [])];
    if (stored && changed.length === 0) return { changed };

    const value: StoredLlmSettings = { ...settings, apiKeySealed };
    await prisma.$transaction(async (tx) => {
      await tx.setting.upsert({
        where: { key: LLM_SETTING_KEY },
        create: { key: LLM_SETTING_KEY, value: JSON.stringify(value), updatedById: viewer.id },
        update: { value: JSON.stringify(value), updatedById: viewer.id },
      });
      await recordAudit(
        {
          action: "settings.llm_updated",
          actor: viewer,
          target: { type: "setting", id: LLM_SETTING_KEY },
          detail: {
            changed,
            ...(keyChange ? { apiKey: keyChange } : {}),
            ...(stored ? {} : { previousSource: env?.settings ? "environment" : "none" }),
          },
        },
        tx,
      );
    });
    return { changed };
  });
}

/** A role's endpoint with its model possibly empty (a models list still works), or null without a base URL. */
export async function resolveLlmEndpoint(
  role: LlmRole,
  env: Env = process.env,
): Promise<(ResolvedLlmConfig & { unreadableKey: boolean }) | null> {
  const stored = await withDbErrors(loadStored);
  if (stored) {
    const { settings } = stored;
    if (!settings.baseUrl) return null;
    const key = openApiKey(settings.apiKeySealed);
    return {
      role,
      baseUrl: settings.baseUrl,
      apiKey: key.apiKey,
      ...settings.roles[role],
      source: "database",
      unreadableKey: key.unreadable,
    };
  }
  const fromEnv = environmentSettings(env).settings;
  if (!fromEnv) return null;
  return {
    role,
    baseUrl: fromEnv.baseUrl,
    apiKey: fromEnv.apiKey,
    ...fromEnv.roles[role],
    source: "environment",
    unreadableKey: false,
  };
}

export const UNREADABLE_KEY_MESSAGE =
  "The saved model API key can no longer be decrypted (the server's secret key changed). An admin must enter it again in Settings → Models.";

/**
 * The endpoint, key and model a role's calls use: the database settings when an admin saved them, else the
 * environment. Null when the role has no base URL or no model; throws LlmNotConfiguredError when the saved key
 * cannot be decrypted. Server-internal: it returns the API key in the clear, so it performs no role check (the
 * planner and the runner call it for work already authorized, and background runs have no request) and must never
 * be called from a server action or reach a page.
 */
export async function resolveLlmConfig(role: LlmRole, env: Env = process.env): Promise<ResolvedLlmConfig | null> {
  const endpoint = await resolveLlmEndpoint(role, env);
  if (!endpoint || !endpoint.model) return null;
  const { unreadableKey, ...config } = endpoint;
  if (unreadableKey) throw new LlmNotConfiguredError(role, UNREADABLE_KEY_MESSAGE);
  return config;
}
