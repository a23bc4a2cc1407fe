import { DEFAULT_BACKOFF } from "./backoff";
import { ServerConnection } from "./connection";
import { createDeadline } from "./deadline";
import { configKey } from "./hash";
import type { ToolGateway, ToolGatewayOptions, ToolServerConfig } from "./types";

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_OUTPUT_BYTES = 1024 * 1024;

/**
 * Creates a tool gateway: one lazily opened, reused connection per server (keyed by id + config hash, so a
 * changed config reconnects). Errors are `ToolGatewayError`s; tool-level errors come back as `isError` results.
 * Call `close()` on shutdown so no stdio child outlives the app.
 */
export function createToolGateway(options: ToolGatewayOptions = {}): ToolGateway {
  const defaultTimeoutMs = options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const connections = new Map<string, { key: string; connection: ServerConnection }>();
  const retiring = new Set<Promise<void>>();

  function retire(connection: ServerConnection): void {
    const closing = connection.close();
    retiring.add(closing);
    void closing.finally(() => retiring.delete(closing));
  }

  function connectionFor(config: ToolServerConfig): ServerConnection {
    const key = configKey(config);
    const existing = connections.get(config.id);
    if (existing?.key === key) return existing.connection;
    if (existing) retire(existing.connection);
    const connection = new ServerConnection(config, {
      connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      listTimeoutMs: defaultTimeoutMs,
      maxOutputBytes: options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES,
      backoff: options.backoff ?? DEFAULT_BACKOFF,
      onToolListChanged: options.onToolListChanged && (() => options.onToolListChanged?.(config.id)),
    });
    connections.set(config.id, { key, connection });
    return connection;
  }

  return {
    listTools: (config, budget = {}) =>
      connectionFor(config).listTools(createDeadline(budget.timeoutMs ?? defaultTimeoutMs, budget.signal)),
    callTool: (config, toolName, args, callOptions = {}) =>
      connectionFor(config).callTool(toolName, args, callOptions, defaultTimeoutMs),
    ping: (config, budget = {}) =>
      connectionFor(config).ping(createDeadline(budget.timeoutMs ?? defaultTimeoutMs, budget.signal)),
    async invalidate(serverId) {
      const entry = connections.get(serverId);
      connections.delete(serverId);
      if (entry) await entry.connection.close();
    },
    async close() {
      const all = [...connections.values()].map((entry) => entry.connection.close());
      connections.clear();
      await Promise.all([...all, ...retiring]);
    },
    status(serverId) {
      const entry = connections.get(serverId);
      if (!entry) return null;
      return { connected: entry.connection.connected, pid: entry.connection.pid };
    },
  };
}
