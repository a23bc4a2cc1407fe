import { createHash } from "node:crypto";
import type { ToolServerConfig } from "./types";

/** JSON with object keys sorted at every depth, so equal values give equal text whatever the key order. */
export function stableStringify(value: unknown): string {
  return JSON.stringify(sortKeys(value)) ?? "undefined";
}

/** Short SHA-256 of a value's stable JSON: a cache key, not a secret-safe digest for display. */
export function hashOf(value: unknown): string {
  return createHash("sha256").update(stableStringify(value)).digest("hex").slice(0, 32);
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== "object") return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) sorted[key] = sortKeys((value as Record<string, unknown>)[key]);
  return sorted;
}

/**
 * Identity of a server connection: its id plus a hash of its whole config, so editing a server's command, URL,
 * env or token makes the gateway open a fresh connection instead of reusing the old one.
 */
export function configKey(config: ToolServerConfig): string {
  let key = configKeys.get(config);
  if (key === undefined) {
    key = `${config.id}:${hashOf(config)}`;
    configKeys.set(config, key);
  }
  return key;
}

// Callers hand the same config object to every call until they read the registry again (the run tool port keeps it
// for seconds): hashing it once per object, not per call, takes a sort and a SHA-256 off each tool call. A config
// is never changed in place (the registry builds a new one), so the key of an object never goes stale.
const configKeys = new WeakMap<ToolServerConfig, string>();
