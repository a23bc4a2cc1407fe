import "server-only";
import { normalizeRoles, type Viewer } from "../../access";
import { prisma } from "../core";

export type { Viewer };

/**
 * Loads the viewer for a session's user id. Deactivated users get null, so a session that outlived a
 * deactivation grants nothing. Called by lib/session after the session itself has been verified.
 */
export async function loadViewer(userId: string): Promise<Viewer | null> {
  const user = await prisma.user.findUnique({
    where: { id: userId },
    select: { id: true, name: true, email: true, deactivatedAt: true, roles: { select: { role: true } } },
  });
  if (!user || user.deactivatedAt) return null;
  return { id: user.id, name: user.name, email: user.email, roles: normalizeRoles(user.roles.map((r) => r.role)) };
}

/**
 * The viewer whose account has this email, or null (unknown or deactivated). For processes that act for a known
 * user without a session, such as the browser tests' set-up service (scripts/e2e-fixtures.ts).
 */
export async function loadViewerByEmail(email: string): Promise<Viewer | null> {
  const user = await prisma.user.findUnique({ where: { email: email.trim().toLowerCase() }, select: { id: true } });
  return user ? loadViewer(user.id) : null;
}

/** True when the account exists and is deactivated; used to refuse sign-in with a clear message. */
export async function isDeactivated(userId: string): Promise<boolean> {
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { deactivatedAt: true } });
  return Boolean(user?.deactivatedAt);
}
