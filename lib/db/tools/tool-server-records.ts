import "server-only";
import { openSecret, sealSecret } from "../../crypto";
import type { ToolServerConfig } from "../../tool-gateway";
import { checkStdioCommand, configuredStdioAllowlist, stdioSpawnCommand } from "../../tools";
import { ConflictError } from "../core";
import type { ToolServer } from "../generated/prisma/client";

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
  url: string | null;
  hasToken: boolean;
  enabled: boolean;
  builtIn: boolean;
  status: ToolServerStatus;
  lastError: string | null;
  lastRefreshAt: Date | null;
  toolCount: number;
};

function readArgs(stored: string): string[] {
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((arg): arg is string => typeof arg === "string") : [];
  } catch {
    return [];
  }
}

function readEnv(sealed: string | null): Record<string, string> {
  if (!sealed) return {};
  const parsed: unknown = JSON.parse(openSecret(sealed));
  return parsed && typeof parsed === "object" ? (parsed as Record<string, string>) : {};
}

/** The env variable names of a stdio server (values stay sealed); none when the secret cannot be read. */
function envKeysOf(row: ToolServer): string[] {
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
    url: row.url,
    hasToken: row.tokenEncrypted !== null,
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
export const sealToken = (token: string) => sealSecret(token);

/**
 * The gateway's view of a stored server, with secrets decrypted for the call only. The stdio allowlist is
 * checked again here, so narrowing MCP_STDIO_ALLOWLIST stops servers that were registered before.
 */
export function toGatewayConfig(row: ToolServer): ToolServerConfig {
  if (row.transport === "stdio") {
    const args = readArgs(row.args);
    const allowlist = configuredStdioAllowlist();
    const refusal = checkStdioCommand(row.command ?? "", args, allowlist);
    if (refusal) throw new ConflictError(refusal);
    // An npx package starts with --yes at its pinned version: without a terminal npx would refuse to install it.
    const spawn = stdioSpawnCommand(row.command ?? "", args, allowlist);
    return {
      id: row.id,
      name: row.name,
      transport: { kind: "stdio", command: spawn.command, args: spawn.args, env: readEnv(row.envEncrypted) },
    };
  }
  const bearerToken = row.tokenEncrypted ? openSecret(row.tokenEncrypted) : undefined;
  return { id: row.id, name: row.name, transport: { kind: "http", url: row.url ?? "", bearerToken } };
}
