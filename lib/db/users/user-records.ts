import "server-only";
import { randomUUID } from "node:crypto";
import { normalizeRoles, type Role } from "../../access";
import type { Prisma } from "../generated/prisma/client";

/**
 * Writes a user and their roles, plus a credential account when a password hash is given — the same rows
 * better-auth's own sign-up writes (providerId "credential", accountId = user id). Internal: callers authorize.
 */
export async function insertUser(
  tx: Prisma.TransactionClient,
  user: { name: string; email: string; roles: readonly Role[]; passwordHash: string | null },
): Promise<string> {
  const userId = randomUUID();
  await tx.user.create({ data: { id: userId, name: user.name, email: user.email, emailVerified: false } });
  await tx.userRole.createMany({ data: normalizeRoles(user.roles).map((role) => ({ userId, role })) });
  if (user.passwordHash) await insertCredential(tx, userId, user.passwordHash);
  return userId;
}

export async function insertCredential(tx: Prisma.TransactionClient, userId: string, passwordHash: string) {
  await tx.account.create({
    data: { id: randomUUID(), accountId: userId, providerId: "credential", userId, password: passwordHash },
  });
}
