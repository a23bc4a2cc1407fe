import "server-only";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { type Viewer, requireRole } from "../../access";
import { recordAudit } from "../audit";
import { ConflictError, NotFoundError, parseInput, prisma, ValidationError, withDbErrors } from "../core";
import type { Prisma } from "../generated/prisma/client";
import { insertCredential } from "./user-records";
import { acceptInvitationInput, invitationTokenSchema, setUserActiveInput } from "./user-inputs";

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Issues a fresh invitation for `userId` inside the caller's transaction, replacing any unused one.
 * Returns the raw token: it is shown once and only its hash is stored.
 */
export async function issueInvitation(
  tx: Prisma.TransactionClient,
  userId: string,
  createdById: string | null,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await tx.invitation.deleteMany({ where: { userId, acceptedAt: null } });
  await tx.invitation.create({
    data: {
      id: randomUUID(),
      userId,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
      createdById,
    },
  });
  return token;
}

/** A new invitation link for a user who has not set a password yet (the old link stops working). Admins only. */
export async function reissueInvitation(viewer: Viewer | null, input: { userId: string }): Promise<{ token: string }> {
  requireRole(viewer, "admin");
  const admin = viewer;
  const { userId } = parseInput(setUserActiveInput.pick({ userId: true }), input);
  return withDbErrors(() =>
    prisma.$transaction(async (tx) => {
      const user = await tx.user.findUnique({
        where: { id: userId },
        select: { email: true, accounts: { where: { providerId: "credential" }, select: { id: true } } },
      });
      if (!user) throw new NotFoundError("That user no longer exists.");
      if (user.accounts.length > 0) throw new ConflictError("This user has already set a password.");
      const token = await issueInvitation(tx, userId, admin.id);
      await recordAudit({ action: "invitation.created", actor: admin, target: { type: "user", id: userId } }, tx);
      return { token };
    }),
  );
}

export type InvitationLookup =
  { status: "valid"; email: string; name: string; expiresAt: Date } | { status: "expired" | "used" | "unknown" };

/** What an invitation link points at. Public: holding the token is the authorization. */
export async function findInvitation(token: string, now = new Date()): Promise<InvitationLookup> {
  const parsed = invitationTokenSchema.safeParse(token);
  if (!parsed.success) return { status: "unknown" };
  const invitation = await withDbErrors(() =>
    prisma.invitation.findUnique({
      where: { tokenHash: hashToken(parsed.data) },
      select: { expiresAt: true, acceptedAt: true, user: { select: { email: true, name: true } } },
    }),
  );
  if (!invitation) return { status: "unknown" };
  if (invitation.acceptedAt) return { status: "used" };
  if (invitation.expiresAt <= now) return { status: "expired" };
  return { status: "valid", email: invitation.user.email, name: invitation.user.name, expiresAt: invitation.expiresAt };
}

/**
 * Sets the invited user's password and spends the invitation, in one transaction.
 * Public: holding the token is the authorization. Returns the email so the caller can sign the user in.
 */
export async function acceptInvitation(input: { token: string; password: string }, now = new Date()) {
  const { token, password } = parseInput(acceptInvitationInput, input);
  const passwordHash = await hashPassword(password);
  return withDbErrors(() =>
    prisma.$transaction(async (tx) => {
      const invitation = await tx.invitation.findUnique({
        where: { tokenHash: hashToken(token) },
        select: { id: true, expiresAt: true, acceptedAt: true, user: { select: { id: true, email: true } } },
      });
      if (!invitation) throw new ValidationError("This invitation link is not valid. Ask an admin for a new one.");
      if (invitation.acceptedAt) throw new ConflictError("This invitation has already been used. Sign in instead.");
      if (invitation.expiresAt <= now) {
        throw new ValidationError("This invitation has expired. Ask an admin for a new link.");
      }
      const { user } = invitation;
      await insertCredential(tx, user.id, passwordHash);
      await tx.invitation.update({ where: { id: invitation.id }, data: { acceptedAt: now } });
      await recordAudit({ action: "invitation.accepted", actor: user, target: { type: "user", id: user.id } }, tx);
      return { email: user.email };
    }),
  );
}
