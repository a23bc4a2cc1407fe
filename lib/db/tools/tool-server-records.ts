import "server-only";
import { openSecret, sealSecret } from "../../crypto";
import type { ToolServerConfig } from "../../tool-gateway";
import { describeRefusals } from "../../tools";
import { ConflictError } from "../core";
import type { ToolServer } from "../generated/prisma/client";
import { connectUrl, httpSecretFlags } from "./http-secrets";
import { checkStdio, stdioLaunch } from "./stdio-launch";

export type ToolServerStatus = "unknown" | "connected" | "error";

/** A tool server as pages see it: secrets are never included, only whether they are set. */
export type ToolServerSummary = {
  id: string;
  name: string;
  description: string;
  transport: "stdio" | "http";
  command: string | null;
  args: string[];
  envKeys: string[];
  /** The URL without the credentials it may have carried (those are sealed, like the token). */
  url: string | null;
  hasToken: boolean;
  hasUrlCredentials: boolean;
  enabled: boolean;
  builtIn: boolean;
  status: ToolServerStatus;
  lastError: string | null;
  lastRefreshAt: Date | null;
  toolCount: number;
};

export function readArgs(stored: string): string[] {
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((arg): arg is string => typeof arg === "string") : [];
  } catch {
    return [];
  }
}

export function readEnv(sealed: string | null): Record<string, string> {
  if (!sealed) return {};
  const parsed: unknown = JSON.parse(openSecret(sealed));
  return parsed && typeof parsed === "object" ? (parsed as Record<string, string>) : {};
}

/** The env variable names of a stdio server (values stay sealed); none when the secret cannot be read. */
export function envKeysOf(row: ToolServer): string[] {
  try {
    return Object.keys(readEnv(row.envEncrypted)).sort();
  } catch {
    return [];
  }
}

export function toSummary(row: ToolServer): ToolServerSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    transport: row.transport === "stdio" ? "stdio" : "http",
    command: row.command,
    args: readArgs(row.args),
    envKeys: envKeysOf(row),
    ...httpSecretFlags(row),
    enabled: row.enabled,
    builtIn: row.builtIn,
    status: (["connected", "error"].includes(row.status) ? row.status : "unknown") as ToolServerStatus,
    lastError: row.lastError,
    lastRefreshAt: row.lastRefreshAt,
    toolCount: row.toolCount,
  };
}

export const sealEnv = (env: Record<string, string>) =>
  Object.keys(env).length > 0 ? sealSecret(JSON.stringify(env)) : null;

/**
 * The gateway's view of a stored server, with secrets decrypted for the call only. A stdio server is checked
 * against the allowlist again here, before every start (command, further arguments, environment names, roots with
 * their links resolved now), so narrowing MCP_STDIO_ALLOWLIST stops servers registered before, and a row that
 * was saved before a rule existed never starts against it.
 */
export function toGatewayConfig(row: ToolServer): ToolServerConfig {
  if (row.transport === "stdio") {
    const args = readArgs(row.args);
    const env = readEnv(row.envEncrypted);
    const check = checkStdio({ command: row.command ?? "", args, envNames: Object.keys(env) });
    if (!check.ok) throw new ConflictError(`The server "${row.name}" may not start: ${describeRefusals(check)}`);
    return { id: row.id, name: row.name, transport: stdioLaunch(check, env) };
  }
  return { id: row.id, name: row.name, transport: { kind: "http", ...connectUrl(row) } };
}
