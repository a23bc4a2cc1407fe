import "server-only";
import { hashPassword } from "better-auth/crypto";
import { normalizeRoles, requireRole, type Role, type Viewer } from "../../access";
import { recordAudit } from "../audit";
import { ConflictError, isUniqueViolation, NotFoundError, parseInput, prisma, withDbErrors } from "../core";
import type { Prisma } from "../generated/prisma/client";
import { issueInvitation } from "./invitations";
import { insertUser } from "./user-records";
import { createUserInput, type CreateUserInput, setUserActiveInput, setUserRolesInput } from "./user-inputs";

export type UserStatus = "active" | "invited" | "deactivated";

export type UserSummary = {
  id: string;
  name: string;
  email: string;
  roles: Role[];
  status: UserStatus;
  createdAt: Date;
};

/** Everyone with an account, newest last. Admins only. */
export async function listUsers(viewer: Viewer | null): Promise<UserSummary[]> {
  requireRole(viewer, "admin");
  return withDbErrors(async () => {
    const users = await prisma.user.findMany({
      orderBy: [{ createdAt: "asc" }, { email: "asc" }],
      select: {
        id: true,
        name: true,
        email: true,
        createdAt: true,
        deactivatedAt: true,
        roles: { select: { role: true } },
        accounts: { where: { providerId: "credential" }, select: { id: true } },
      },
    });
    return users.map((user) => ({
      id: user.id,
      name: user.name,
      email: user.email,
      roles: normalizeRoles(user.roles.map((r) => r.role)),
      status: user.deactivatedAt ? "deactivated" : user.accounts.length === 0 ? "invited" : "active",
      createdAt: user.createdAt,
    }));
  });
}

export type CreatedUser = { userId: string; email: string; inviteToken: string | null };

/**
 * Creates a user with their roles. With a password they can sign in at once; without one they are invited
 * and the returned token makes their invitation link. Admins only. User, roles, credential or invitation and
 * the audit entry are written in one transaction: all or nothing.
 */
export async function createUser(viewer: Viewer | null, input: CreateUserInput): Promise<CreatedUser> {
  requireRole(viewer, "admin");
  const admin = viewer;
  const data = parseInput(createUserInput, input);
  const passwordHash = data.password ? await hashPassword(data.password) : null;
  const taken = () => new ConflictError(`A user with the email ${data.email} already exists.`, "email");
  const create = () =>
    prisma.$transaction(async (tx) => {
      if (await tx.user.findUnique({ where: { email: data.email }, select: { id: true } })) throw taken();
      const userId = await insertUser(tx, { ...data, passwordHash });
      const inviteToken = passwordHash ? null : await issueInvitation(tx, userId, admin.id);
      await recordAudit(
        {
          action: passwordHash ? "user.created" : "user.invited",
          actor: admin,
          target: { type: "user", id: userId },
          detail: { email: data.email, roles: normalizeRoles(data.roles) },
        },
        tx,
      );
      return { userId, email: data.email, inviteToken };
    });
  // The check above covers the usual case; the unique index settles a race between two admins.
  return withDbErrors(() =>
    create().catch((error: unknown) => {
      throw isUniqueViolation(error) ? taken() : error;
    }),
  );
}

/** Replaces a user's roles. Admins only; the last active admin keeps the admin role. */
export async function setUserRoles(viewer: Viewer | null, input: { userId: string; roles: Role[] }): Promise<void> {
  requireRole(viewer, "admin");
  const admin = viewer;
  const { userId, roles } = parseInput(setUserRolesInput, input);
  const wanted = normalizeRoles(roles);
  await withDbErrors(() =>
    prisma.$transaction(async (tx) => {
      const user = await findUserForUpdate(tx, userId);
      const before = normalizeRoles(user.roles.map((r) => r.role));
      if (before.includes("admin") && !wanted.includes("admin") && !user.deactivatedAt) {
        await assertAnotherActiveAdmin(
          tx,
          userId,
          "Keep at least one active admin: give another user the admin role first.",
        );
      }
      await tx.userRole.deleteMany({ where: { userId, role: { notIn: wanted } } });
      const added = wanted.filter((role) => !before.includes(role));
      if (added.length > 0) await tx.userRole.createMany({ data: added.map((role) => ({ userId, role })) });
      await recordAudit(
        {
          action: "user.roles_changed",
          actor: admin,
          target: { type: "user", id: userId },
          detail: { before, after: wanted },
        },
        tx,
      );
    }),
  );
}

/**
 * Deactivates (signs out everywhere, refuses new sign-ins) or reactivates a user. Admins only;
 * nobody deactivates themselves, and the last active admin stays.
 */
export async function setUserActive(viewer: Viewer | null, input: { userId: string; active: boolean }): Promise<void> {
  requireRole(viewer, "admin");
  const admin = viewer;
  const { userId, active } = parseInput(setUserActiveInput, input);
  if (!active && userId === admin.id) throw new ConflictError("You cannot deactivate your own account.");
  await withDbErrors(() =>
    prisma.$transaction(async (tx) => {
      const user = await findUserForUpdate(tx, userId);
      if (active === !user.deactivatedAt) return;
      if (!active && user.roles.some((r) => r.role === "admin")) {
        await assertAnotherActiveAdmin(tx, userId, "Keep at least one active admin: this is the last one.");
      }
      await tx.user.update({ where: { id: userId }, data: { deactivatedAt: active ? null : new Date() } });
      if (!active) {
        await tx.session.deleteMany({ where: { userId } });
        // An unused invitation would otherwise let a deactivated person set a password; reactivation issues a new one.
        await tx.invitation.deleteMany({ where: { userId, acceptedAt: null } });
      }
      await recordAudit(
        {
          action: active ? "user.reactivated" : "user.deactivated",
          actor: admin,
          target: { type: "user", id: userId },
        },
        tx,
      );
    }),
  );
}

async function findUserForUpdate(tx: Prisma.TransactionClient, userId: string) {
  const user = await tx.user.findUnique({
    where: { id: userId },
    select: { id: true, deactivatedAt: true, roles: { select: { role: true } } },
  });
  if (!user) throw new NotFoundError("That user no longer exists.");
  return user;
}

async function assertAnotherActiveAdmin(tx: Prisma.TransactionClient, exceptUserId: string, message: string) {
  const others = await tx.userRole.count({
    where: { role: "admin", userId: { not: exceptUserId }, user: { deactivatedAt: null } },
  });
  if (others === 0) throw new ConflictError(message);
}
