import "server-only";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { z } from "zod";
import { type Viewer, requireUser } from "../../access";
import { recordAudit } from "../audit";
import { ConflictError, NotFoundError, parseInput, prisma, withDbErrors } from "../core";
import { loadViewer } from "./viewers";

/** Every token starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_TOKEN_PREFIX = "rs_";
/** Active tokens one person may hold: enough for every system they connect, few enough to review. */
export const MAX_API_TOKENS_PER_USER = 20;
/** `lastUsedAt` is refreshed at most this often, so a busy integration does not write on every request. */
const LAST_USED_RESOLUTION_MS = 60_000;

const TOKEN_PATTERN = /^rs_[A-Za-z0-9_-]{40,60}$/;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export type ApiTokenSummary = {
  id: string;
  name: string;
  /** The token's first characters, to tell tokens apart; never enough to use it. */
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

export type CreatedApiToken = ApiTokenSummary & { token: string };

const createInput = z.object({
  name: z
    .string({ message: "Give the token a name." })
    .trim()
    .min(1, "Give the token a name, e.g. the system that will use it.")
    .max(80, "Use at most 80 characters."),
});
const revokeInput = z.object({
  tokenId: z.string({ message: "Missing the token." }).min(1, "Missing the token.").max(100),
});

const summarySelect = {
  id: true,
  name: true,
  prefix: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
} as const;

/**
 * Creates a personal API token for the signed-in user. The token is returned once, here; only its SHA-256 hash is
 * stored (like invitation links), so it cannot be shown again. Any signed-in user; audited.
 */
export async function createApiToken(
  viewer: Viewer | null,
  input: z.input<typeof createInput>,
): Promise<CreatedApiToken> {
  requireUser(viewer);
  const { name } = parseInput(createInput, input);
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  return withDbErrors(() =>
    prisma.$transaction(async (tx) => {
      const active = await tx.apiToken.count({ where: { userId: viewer.id, revokedAt: null } });
      if (active >= MAX_API_TOKENS_PER_USER) {
        throw new ConflictError(
          `You already have ${MAX_API_TOKENS_PER_USER} active tokens; revoke one you no longer use first.`,
          "name",
        );
      }
      const created = await tx.apiToken.create({
        data: {
          id: randomUUID(),
          userId: viewer.id,
          name,
          tokenHash: hashToken(token),
          prefix: token.slice(0, API_TOKEN_PREFIX.length + 6),
        },
        select: summarySelect,
      });
      await recordAudit(
        {
          action: "api_token.created",
          actor: viewer,
          target: { type: "api_token", id: created.id },
          detail: { name, prefix: created.prefix },
        },
        tx,
      );
      return { ...created, token };
    }),
  );
}

/** The signed-in user's own tokens, active first, newest first. Never the token itself. */
export async function listApiTokens(viewer: Viewer | null): Promise<ApiTokenSummary[]> {
  requireUser(viewer);
  return withDbErrors(() =>
    prisma.apiToken.findMany({
      where: { userId: viewer.id },
      orderBy: [{ revokedAt: { sort: "asc", nulls: "first" } }, { createdAt: "desc" }],
      select: summarySelect,
    }),
  );
}

/**
 * Revokes one of the signed-in user's tokens; it stops working at once. Someone else's token is reported as not
 * found, so token ids cannot be probed. Revoking twice is refused with a clear message. Audited.
 */
export async function revokeApiToken(
  viewer: Viewer | null,
  input: z.input<typeof revokeInput>,
): Promise<ApiTokenSummary> {
  requireUser(viewer);
  const { tokenId } = parseInput(revokeInput, input);
  return withDbErrors(() =>
    prisma.$transaction(async (tx) => {
      const token = await tx.apiToken.findFirst({ where: { id: tokenId, userId: viewer.id }, select: summarySelect });
      if (!token) throw new NotFoundError("That token does not exist (or is not yours).");
      if (token.revokedAt) throw new ConflictError("That token was already revoked.");
      const revoked = await tx.apiToken.update({
        where: { id: tokenId },
        data: { revokedAt: new Date() },
        select: summarySelect,
      });
      await recordAudit(
        {
          action: "api_token.revoked",
          actor: viewer,
          target: { type: "api_token", id: tokenId },
          detail: { name: token.name, prefix: token.prefix },
        },
        tx,
      );
      return revoked;
    }),
  );
}

/**
 * The user a bearer token belongs to, or null when it is malformed, unknown, revoked, or its owner is deactivated.
 * For route handlers: holding the token is the authentication; the DAL then checks roles as for a session.
 */
export async function viewerFromApiToken(token: string, now = new Date()): Promise<Viewer | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const row = await withDbErrors(() =>
    prisma.apiToken.findUnique({
      where: { tokenHash: hashToken(token) },
      select: { id: true, userId: true, revokedAt: true, lastUsedAt: true },
    }),
  );
  if (!row || row.revokedAt) return null;
  const viewer = await loadViewer(row.userId);
  if (!viewer) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    // Best effort: a read-only or busy database must not turn a valid token away.
    await prisma.apiToken.update({ where: { id: row.id }, data: { lastUsedAt: now } }).catch(() => undefined);
  }
  return viewer;
}
