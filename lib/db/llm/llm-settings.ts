import "server-only";
import { sameDestination, sealSecret, sealUrlCredentials } from "../../crypto";
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
import { checkOutboundUrl } from "../../outbound";
import { recordAudit } from "../audit";
import { prisma, ValidationError, withDbErrors } from "../core";
import {
  changedFields,
  connectBaseUrl,
  environmentSettings,
  LLM_SETTING_KEY,
  openApiKey,
  parseStoredSettings,
  publicBaseUrl,
  storedUrlCredentials,
  type Env,
  type LlmSettingsSource,
  type StoredLlmSettings,
} from "./llm-settings-records";

export type { LlmSettingsSource };

/**
 * The model settings as the admin page shows them. The API key is never included, only whether one is set; the
 * base URL comes without the credentials it may carry (userinfo, query string), which are sealed like the key.
 */
export type LlmSettingsView = {
  source: LlmSettingsSource;
  baseUrl: string;
  hasApiKey: boolean;
  hasUrlCredentials: boolean;
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
      const urlCredentials = storedUrlCredentials(settings);
      return {
        source: "database",
        baseUrl: publicBaseUrl(settings.baseUrl).publicUrl,
        hasApiKey: settings.apiKeySealed !== null,
        hasUrlCredentials: urlCredentials.credentials !== null || urlCredentials.unreadable,
        roles: withConfigured(settings.roles, settings.baseUrl),
        updatedAt: stored.updatedAt,
        updatedBy: stored.updatedBy,
        notes: [
          ...(key.unreadable
            ? ["The saved API key can no longer be decrypted (the server's secret key changed). Enter it again."]
            : []),
          ...(urlCredentials.unreadable
            ? ["The credentials saved with the base URL can no longer be decrypted. Enter the full URL again."]
            : []),
        ],
      };
    }
    const env = environmentSettings();
    const empty = Object.fromEntries(LLM_ROLES.map((role) => [role, defaultRoleSettings()])) as Record<
      LlmRole,
      RoleSettings
    >;
    const envUrl = publicBaseUrl(env.settings?.baseUrl ?? "");
    return {
      source: env.settings ? "environment" : "none",
      baseUrl: envUrl.publicUrl,
      hasApiKey: Boolean(env.settings?.apiKey),
      hasUrlCredentials: envUrl.credentials !== null,
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

/** A stored secret a save removed because the base URL changed. */
export type DroppedLlmSecret = "apiKey" | "baseUrlCredentials";

/**
 * Saves the model settings to the database, which from then on override the environment. Admins only. The API
 * key is write-only: blank keeps the key in effect (on the first save, the one from OPENAI_API_KEY), `clearApiKey`
 * removes it. Secrets follow the destination: when the base URL's address (scheme, host, port, path) changes, the
 * key and the URL's credentials in effect are dropped unless the same save gives new ones, so an admin cannot send
 * the key to another server by editing the URL; `dropped` says what went. Credentials in the URL itself are sealed
 * apart and never shown. A base URL the outbound policy refuses (lib/outbound: link-local and metadata always,
 * loopback and private addresses unless the deployer allows them) is refused before anything is written or sent.
 * Audited with the names of the fields that changed, never a secret.
 */
export async function updateLlmSettings(
  viewer: Viewer | null,
  input: LlmSettingsInput,
): Promise<{ changed: string[]; dropped: DroppedLlmSecret[] }> {
  requireRole(viewer, "admin");
  const { apiKey, clearApiKey, ...parsed } = parseSettingsInput(input);
  // Before anything is written or sent: an endpoint where outbound requests may not go is refused beside the field.
  const destination = await checkOutboundUrl(parsed.baseUrl);
  if (!destination.allowed)
    throw new ValidationError("Some fields need attention.", { baseUrl: [destination.message] });
  const { publicUrl, credentials } = publicBaseUrl(parsed.baseUrl);
  const settings = { ...parsed, baseUrl: publicUrl };
  return withDbErrors(async () => {
    const stored = await loadStored();
    const env = stored ? null : environmentSettings();
    const beforeRaw = stored?.settings ?? env?.settings ?? null;
    const before = beforeRaw && { ...beforeRaw, baseUrl: publicBaseUrl(beforeRaw.baseUrl).publicUrl };
    const previousSealed = stored
      ? stored.settings.apiKeySealed
      : env?.settings?.apiKey
        ? sealSecret(env.settings.apiKey)
        : null;
    const previousKey = stored ? openApiKey(stored.settings.apiKeySealed).apiKey : env?.settings?.apiKey;
    const previousCredentials = stored
      ? storedUrlCredentials(stored.settings).credentials
      : publicBaseUrl(env?.settings?.baseUrl ?? "").credentials;
    const moved = before !== null && !sameDestination(before.baseUrl, settings.baseUrl);

    const dropped: DroppedLlmSecret[] = [];
    let apiKeySealed = previousSealed;
    let keyChange: "replaced" | "removed" | "dropped" | null = null;
    if (clearApiKey) {
      apiKeySealed = null;
      if (previousSealed !== null) keyChange = "removed";
    } else if (apiKey) {
      apiKeySealed = sealSecret(apiKey);
      if (apiKey !== previousKey) keyChange = "replaced";
    } else if (moved && previousSealed !== null) {
      apiKeySealed = null;
      keyChange = "dropped";
      dropped.push("apiKey");
    }
    const urlCredentials = credentials ?? (moved ? null : previousCredentials);
    if (moved && previousCredentials && !credentials) dropped.push("baseUrlCredentials");
    const credentialsChanged = JSON.stringify(urlCredentials) !== JSON.stringify(previousCredentials);
    const changed = [
      ...changedFields(before, settings),
      ...(keyChange ? ["apiKey"] : []),
      ...(credentialsChanged ? ["baseUrlCredentials"] : []),
    ];
    if (stored && changed.length === 0) return { changed, dropped };

    const value: StoredLlmSettings = {
      ...settings,
      apiKeySealed,
      baseUrlCredentialsSealed: sealUrlCredentials(urlCredentials),
    };
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
            ...(dropped.length ? { secretsDropped: dropped } : {}),
            ...(stored ? {} : { previousSource: env?.settings ? "environment" : "none" }),
          },
        },
        tx,
      );
    });
    return { changed, dropped };
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
    const url = connectBaseUrl(settings);
    return {
      role,
      baseUrl: url.baseUrl,
      apiKey: key.apiKey,
      ...settings.roles[role],
      source: "database",
      unreadableKey: key.unreadable || url.unreadable,
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
