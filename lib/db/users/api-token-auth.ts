import "server-only";
import { isTokenExpired, parseTokenScopes, type TokenScope, type Viewer } from "../../access";
import { prisma, withDbErrors } from "../core";
import { hashToken, TOKEN_PATTERN } from "./api-tokens";
import { loadViewer } from "./viewers";

/** `lastUsedAt` is refreshed at most this often, so a busy integration does not write on every request. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** What a bearer token stands for at a moment: its owner and scopes, or why it is refused. */
export type ApiTokenCheck =
  | { ok: true; viewer: Viewer; scopes: TokenScope[]; expiresAt: Date | null }
  /** Malformed, unknown, revoked, or its owner deactivated: indistinguishable to the caller. */
  | { ok: false; reason: "invalid" }
  /** A real token past its expiry: its holder learns when, so they know to create a new one. */
  | { ok: false; reason: "expired"; expiredAt: Date };

/**
 * Checks a bearer token at `now`: its owner (with their current roles) and what it may be used for, or why it is
 * refused. An expired token is refused from its expiry on, whatever else holds. For route handlers: holding the token
 * is the authentication; the route then checks its scope, and the DAL the owner's roles as for a session.
 */
export async function authenticateApiToken(token: string, now = new Date()): Promise<ApiTokenCheck> {
  if (!TOKEN_PATTERN.test(token)) return { ok: false, reason: "invalid" };
  const row = await withDbErrors(() =>
    prisma.apiToken.findUnique({
      where: { tokenHash: hashToken(token) },
      select: { id: true, userId: true, scopes: true, expiresAt: true, revokedAt: true, lastUsedAt: true },
    }),
  );
  if (!row || row.revokedAt) return { ok: false, reason: "invalid" };
  if (isTokenExpired(row.expiresAt, now)) return { ok: false, reason: "expired", expiredAt: row.expiresAt! };
  const viewer = await loadViewer(row.userId);
  if (!viewer) return { ok: false, reason: "invalid" };
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    // Best effort: a read-only or busy database must not turn a valid token away.
    await prisma.apiToken.update({ where: { id: row.id }, data: { lastUsedAt: now } }).catch(() => undefined);
  }
  return { ok: true, viewer, scopes: parseTokenScopes(row.scopes), expiresAt: row.expiresAt };
}

/**
 * The user a bearer token belongs to, or null when it is malformed, unknown, revoked, expired, or its owner is
 * deactivated. Streams ask this again at every re-check, so an expiry or revocation ends them there.
 */
export async function viewerFromApiToken(token: string, now = new Date()): Promise<Viewer | null> {
  const check = await authenticateApiToken(token, now);
  return check.ok ? check.viewer : null;
}
