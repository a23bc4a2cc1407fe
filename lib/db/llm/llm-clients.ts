import "server-only";
import { z } from "zod";
import { type Viewer, requireRole } from "../../access";
import {
  isLlmError,
  LLM_ROLES,
  LlmNotConfiguredError,
  modelEnvVar,
  type LlmCallContext,
  type LlmClient,
  type LlmClientDeps,
  type LlmRole,
} from "../../llm";
import { createLlmClient } from "../../llm/client";
import { parseInput } from "../core";
import { recordLlmCall } from "./llm-calls";
import { resolveLlmConfig, resolveLlmEndpoint, UNREADABLE_KEY_MESSAGE } from "./llm-settings";

/** What an admin must set for `role`, naming the page or the environment variables depending on where settings live. */
export function notConfiguredMessage(
  role: LlmRole,
  state: { source: "database" | "environment" | "none"; hasBaseUrl: boolean },
): string {
  if (state.source === "database") {
    return state.hasBaseUrl
      ? `The ${role} model is not set. An admin sets it in Settings → Models.`
      : `No model endpoint is configured. An admin sets the base URL and the ${role} model in Settings → Models.`;
  }
  if (state.source === "environment") {
    return `The ${role} model is not set. An admin sets it in Settings → Models, or sets the environment variable ${modelEnvVar(role)}.`;
  }
  return `No model endpoint is configured for the ${role} role. An admin sets the base URL and the ${role} model in Settings → Models, or the environment variables OPENAI_BASE_URL, OPENAI_API_KEY and ${modelEnvVar(role)}.`;
}

async function notConfigured(role: LlmRole): Promise<LlmNotConfiguredError> {
  const endpoint = await resolveLlmEndpoint(role);
  if (endpoint?.unreadableKey) return new LlmNotConfiguredError(role, UNREADABLE_KEY_MESSAGE);
  return new LlmNotConfiguredError(
    role,
    notConfiguredMessage(role, { source: endpoint?.source ?? "none", hasBaseUrl: Boolean(endpoint) }),
  );
}

/** Records through recordLlmCall with the caller's context under each call's own; a failed write is logged by the client. */
function recorder(context: LlmCallContext): NonNullable<LlmClientDeps["recordUsage"]> {
  return (record) => recordLlmCall({ ...record, context: { ...context, ...record.context } });
}

/**
 * A ready client for `role`, whose every call is recorded in `llm_call` with `context` (who, which routine,
 * version or run), its timeout and retries capped by `limits`. Throws LlmNotConfiguredError (code "not_configured")
 * saying what an admin must set.
 * Server-internal, like resolveLlmConfig: callers authorize the work they do with it.
 */
export async function llmClientFor(
  role: LlmRole,
  context: LlmCallContext = {},
  deps: Omit<LlmClientDeps, "recordUsage"> = {},
  limits: LlmCallLimits = {},
): Promise<LlmClient> {
  const client = await configuredLlmClient(role, context, deps, limits);
  if (!client) throw await notConfigured(role);
  return client;
}

/**
 * As llmClientFor, but null when the role is simply not configured, for a role that is optional (the embedder):
 * only a configured role whose key cannot be read still throws.
 */
export async function configuredLlmClient(
  role: LlmRole,
  context: LlmCallContext = {},
  deps: Omit<LlmClientDeps, "recordUsage"> = {},
  limits: LlmCallLimits = {},
): Promise<LlmClient | null> {
  const config = await resolveLlmConfig(role);
  if (!config) return null;
  const capped = {
    ...config,
    timeoutMs: Math.min(config.timeoutMs, limits.maxTimeoutMs ?? Infinity),
    maxRetries: Math.min(config.maxRetries, limits.maxRetries ?? Infinity),
  };
  return createLlmClient(capped, { ...deps, recordUsage: recorder(context) });
}

/** Caps on a role's configured timeout and retries, for a caller that must answer within a bound (retrieval). */
export type LlmCallLimits = { maxTimeoutMs?: number; maxRetries?: number };

export type ConnectionTestResult = { ok: boolean; latencyMs: number; model: string; message: string };

const testInput = z.object({ role: z.enum(LLM_ROLES, { error: "Choose a model role to test." }) });

/**
 * Sends one tiny real request with a role's saved settings: a 1-token chat with its model, or the models list
 * when it has no model yet. Admins only. A failure is returned (ok: false, with the reason), not thrown.
 * Recorded as purpose "settings.test".
 */
export async function testLlmConnection(
  viewer: Viewer | null,
  input: { role: LlmRole },
): Promise<ConnectionTestResult> {
  requireRole(viewer, "admin");
  const { role } = parseInput(testInput, input);
  const endpoint = await resolveLlmEndpoint(role);
  if (!endpoint) return { ok: false, latencyMs: 0, model: "", message: (await notConfigured(role)).message };
  if (endpoint.unreadableKey)
    return { ok: false, latencyMs: 0, model: endpoint.model, message: UNREADABLE_KEY_MESSAGE };
  const { unreadableKey: _unreadable, source: _source, ...config } = endpoint;
  const client = createLlmClient(config, { recordUsage: recorder({ userId: viewer.id }) });
  const started = Date.now();
  try {
    const ping = await client.ping({ purpose: "settings.test" });
    return { ok: true, latencyMs: ping.latencyMs, model: ping.model || config.model, message: ping.detail };
  } catch (error) {
    if (!isLlmError(error)) throw error;
    // Admins only: the endpoint's own OpenAI-shaped explanation helps them fix a model name or a key.
    const said = error.serverMessage ? ` The endpoint said: "${error.serverMessage}"` : "";
    return { ok: false, latencyMs: Date.now() - started, model: config.model, message: `${error.message}${said}` };
  }
}
