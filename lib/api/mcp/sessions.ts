import "server-only";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { Viewer } from "../../access";
import { mcpCatalogFingerprint } from "../../db/integrations";

/** One MCP session: its transport and server, bound to the user who opened it. */
export type McpSession = {
  id: string;
  userId: string;
  /** The caller as last authenticated: a session sees role changes at its next request. */
  viewer: Viewer;
  transport: WebStandardStreamableHTTPServerTransport;
  server: Server;
  lastSeen: number;
};

/** A session unused this long is closed; a client opens a new one with `initialize`. */
export const SESSION_IDLE_MS = 30 * 60_000;
/** Sessions one user may hold in one process; the least recently used is closed past it. */
export const SESSIONS_PER_USER = 20;
const LIST_POLL_MS = Number(process.env.MCP_LIST_POLL_MS ?? 2_000);

type Registry = { sessions: Map<string, McpSession>; timer: NodeJS.Timeout | null; fingerprint: string | null };
const globalForMcp = globalThis as unknown as { routineStudioMcp?: Registry };
/** Kept on globalThis: Next may load this module more than once, and every copy must see the same sessions. */
const registry: Registry = (globalForMcp.routineStudioMcp ??= { sessions: new Map(), timer: null, fingerprint: null });

export const findSession = (id: string): McpSession | undefined => registry.sessions.get(id);

/** Registers a new session, closing the user's least recently used one past SESSIONS_PER_USER, and starts the watch. */
export function addSession(session: McpSession): void {
  const own = [...registry.sessions.values()].filter((other) => other.userId === session.userId);
  if (own.length >= SESSIONS_PER_USER) {
    const oldest = own.sort((a, b) => a.lastSeen - b.lastSeen)[0]!;
    void closeSession(oldest.id);
  }
  registry.sessions.set(session.id, session);
  if (!registry.timer) {
    registry.timer = setInterval(() => void checkSessions(), LIST_POLL_MS).unref();
    // The list as the first session saw it: a change before the first tick is still news.
    void checkSessions();
  }
}

/** Ends a session: its transport closes its streams. */
export async function closeSession(id: string): Promise<void> {
  const session = registry.sessions.get(id);
  if (!session) return;
  registry.sessions.delete(id);
  await session.transport.close().catch(() => undefined);
  if (registry.sessions.size === 0 && registry.timer) {
    clearInterval(registry.timer);
    registry.timer = null;
    registry.fingerprint = null;
  }
}

/**
 * One tick of the watch: closes idle sessions, and when what the tool lists depend on changed (a publish, a
 * rollback, an archive, an admin hiding a routine, in this process or another), tells every session
 * (`notifications/tools/list_changed`), which clients answer with a fresh `tools/list`. Exported for tests.
 */
export async function checkSessions(now = Date.now()): Promise<void> {
  for (const session of registry.sessions.values())
    if (now - session.lastSeen > SESSION_IDLE_MS) await closeSession(session.id);
  if (registry.sessions.size === 0) return;
  let fingerprint: string;
  try {
    fingerprint = await mcpCatalogFingerprint();
  } catch (error) {
    console.error(
      "[mcp] could not check whether the tool list changed:",
      error instanceof Error ? error.message : error,
    );
    return;
  }
  const previous = registry.fingerprint;
  registry.fingerprint = fingerprint;
  if (previous === null || previous === fingerprint) return;
  await Promise.all(
    [...registry.sessions.values()].map((session) => session.server.sendToolListChanged().catch(() => undefined)),
  );
}

/** Closes every session (tests, shutdown). */
export async function closeAllSessions(): Promise<void> {
  await Promise.all([...registry.sessions.keys()].map(closeSession));
}

export const sessionCount = (): number => registry.sessions.size;
