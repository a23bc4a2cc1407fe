import "server-only";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { z } from "zod";
import {
  canonicalScopes,
  parseTokenScopes,
  requireUser,
  scopesAllowedFor,
  TOKEN_SCOPE_INFO,
  TOKEN_SCOPES,
  tokenExpiresAt,
  tokenExpirySchema,
  tokenScopeSchema,
  type TokenScope,
  type Viewer,
} from "../../access";
import { recordAudit } from "../audit";
import { ConflictError, NotFoundError, parseInput, prisma, ValidationError, withDbErrors } from "../core";

/** Every token starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_TOKEN_PREFIX = "rs_";
/** Active tokens one person may hold: enough for every system they connect, few enough to review. */
export const MAX_API_TOKENS_PER_USER = 20;

/** The shape of every token this app issues; anything else is refused before the database is asked. */
export const TOKEN_PATTERN = /^rs_[A-Za-z0-9_-]{40,60}$/;

/** What is stored of a token: its SHA-256, never the token. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export type ApiTokenSummary = {
  id: string;
  name: string;
  /** The token's first characters, to tell tokens apart; never enough to use it. */
  prefix: string;
  /** What the token may be used for (lib/access TOKEN_SCOPES). */
  scopes: TokenScope[];
  /** From then on it is refused; null: it does not expire. */
  expiresAt: Date | null;
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
  scopes: z
    .array(tokenScopeSchema, { message: "Choose what the token may do." })
    .min(1, "Choose at least one thing the token may do.")
    .max(TOKEN_SCOPES.length, "Choose each scope at most once."),
  expiresInDays: tokenExpirySchema,
});
const revokeInput = z.object({
  tokenId: z.string({ message: "Missing the token." }).min(1, "Missing the token.").max(100),
});

const summarySelect = {
  id: true,
  name: true,
  prefix: true,
  scopes: true,
  expiresAt: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
} as const;

/** A stored row as callers see it: scopes parsed (unknown names dropped). */
const summaryOf = <Row extends { scopes: string }>(row: Row): Omit<Row, "scopes"> & { scopes: TokenScope[] } => ({
  ...row,
  scopes: parseTokenScopes(row.scopes),
});

/** "author, operator or admin". */
const eitherOf = (roles: readonly string[]) =>
  roles.length > 1 ? `${roles.slice(0, -1).join(", ")} or ${roles.at(-1)}` : (roles[0] ?? "");

/** Refuses scopes the viewer's roles give no meaning to: a token can only do less than its owner. */
function requireScopesAllowed(viewer: Viewer, scopes: readonly TokenScope[]): void {
  const allowed = scopesAllowedFor(viewer.roles);
  const refused = scopes.filter((scope) => !allowed.includes(scope));
  if (refused.length === 0) return;
  const messages = refused.map(
    (scope) =>
      `Your roles do not allow "${TOKEN_SCOPE_INFO[scope].label}" (${scope}): it needs the ${eitherOf(TOKEN_SCOPE_INFO[scope].roles)} role.`,
  );
  throw new ValidationError(messages.join(" "), { scopes: messages });
}

/**
 * Creates a personal API token for the signed-in user, with the scopes it may be used for (at least one, each allowed
 * by the user's roles) and a lifetime in days (7, 30, 90 or 365; null: no expiry). The token is returned once, here;
 * only its SHA-256 hash is stored (like invitation links), so it cannot be shown again. Any signed-in user; audited
 * with its scopes and expiry. Bad input is a ValidationError per field, and nothing is written.
 */
export async function createApiToken(
  viewer: Viewer | null,
  input: z.input<typeof createInput>,
): Promise<CreatedApiToken> {
  requireUser(viewer);
  const parsed = parseInput(createInput, input);
  const { name } = parsed;
  const scopes = canonicalScopes(parsed.scopes);
  requireScopesAllowed(viewer, scopes);
  const now = new Date();
  const expiresAt = tokenExpiresAt(parsed.expiresInDays, now);
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  return withDbErrors(() =>
    prisma.$transaction(async (tx) => {
      // Expired tokens no longer work, so they take no slot.
      const active = await tx.apiToken.count({
        where: { userId: viewer.id, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
      });
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
          scopes: JSON.stringify(scopes),
          expiresAt,
        },
        select: summarySelect,
      });
      await recordAudit(
        {
          action: "api_token.created",
          actor: viewer,
          target: { type: "api_token", id: created.id },
          detail: { name, prefix: created.prefix, scopes, expiresAt: expiresAt?.toISOString() ?? null },
        },
        tx,
      );
      return { ...summaryOf(created), token };
    }),
  );
}

/** The signed-in user's own tokens with their scopes and expiry, active first, newest first. Never the token itself. */
export async function listApiTokens(viewer: Viewer | null): Promise<ApiTokenSummary[]> {
  requireUser(viewer);
  const rows = await withDbErrors(() =>
    prisma.apiToken.findMany({
      where: { userId: viewer.id },
      orderBy: [{ revokedAt: { sort: "asc", nulls: "first" } }, { createdAt: "desc" }],
      select: summarySelect,
    }),
  );
  return rows.map(summaryOf);
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
      return summaryOf(revoked);
    }),
  );
}
