import type { LlmRole } from "@/lib/llm";

/** One role as the settings form shows it (plain values, so a client component can take it). */
export type RoleFormView = {
  role: LlmRole;
  title: string;
  purpose: string;
  model: string;
  timeoutMs: number;
  maxRetries: number;
  configured: boolean;
  modelEnvVar: string;
};

/**
 * The model settings as the page hands them to its client components: never the API key, only whether one is set,
 * and the base URL without the credentials it may carry.
 */
export type ModelSettingsFormView = {
  source: "database" | "environment" | "none";
  baseUrl: string;
  hasApiKey: boolean;
  hasUrlCredentials: boolean;
  roles: RoleFormView[];
  updatedAt: string | null;
  updatedBy: string | null;
  notes: string[];
};

export type ConnectionTestData = { ok: boolean; latencyMs: number; model: string; message: string };
