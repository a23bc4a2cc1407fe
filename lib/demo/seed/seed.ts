import "server-only";
import { hashPassword } from "better-auth/crypto";
import type { Role } from "../../access";
import { recordAudit } from "../../db/audit";
import { seedDemoActors } from "./demo-actors";
import { seedDemoLibrary } from "./demo-library";
import { DEMO_USERS } from "./demo-users";
import { prisma } from "../../db/core";
import { emailSchema, insertUser, passwordSchema } from "../../db/users";

export type AppMode = "demo" | "production";

export type SeedOptions = {
  /** Demo mode seeds the demo users into an empty database; production mode never does. */
  mode: AppMode;
  /** The first admin, from ADMIN_EMAIL / ADMIN_PASSWORD / ADMIN_NAME; created when that email is not taken. */
  admin?: { email: string; password: string; name?: string };
  /**
   * Demo mode only: the demo routines into a library with no routines (owned by the demo author, reviewed by the
   * demo reviewer and published, each with its test cases and a "With routine vs without" suite; see
   * seedDemoLibrary); and the demo toolkits and actors into a database with none.
   */
  demoRoutines?: boolean;
};

export type SeedResult = { created: string[]; routines: string[]; warnings: string[] };

/**
 * Seeds what a fresh installation needs. Idempotent: demo users only go into a database with no users,
 * and the bootstrap admin only when their email is free. Each user is written in one transaction.
 */
export async function seedDatabase(options: SeedOptions): Promise<SeedResult> {
  const result: SeedResult = { created: [], routines: [], warnings: [] };
  const isEmpty = (await prisma.user.count()) === 0;

  if (options.admin) {
    const email = emailSchema.safeParse(options.admin.email);
    const password = passwordSchema.safeParse(options.admin.password);
    if (!email.success || !password.success) {
      result.warnings.push(
        "ADMIN_EMAIL or ADMIN_PASSWORD is not valid (a real email, a password of 8+ characters): no admin created.",
      );
    } else if (!(await prisma.user.findUnique({ where: { email: email.data } }))) {
      await createSeedUser({
        name: options.admin.name?.trim() || "Administrator",
        email: email.data,
        password: password.data,
        roles: ["admin"],
      });
      result.created.push(email.data);
    }
  }

  if (options.mode === "demo" && isEmpty) {
    for (const user of DEMO_USERS) {
      if (result.created.includes(user.email)) continue;
      await createSeedUser(user);
      result.created.push(user.email);
    }
  }

  if (options.mode === "demo" && options.demoRoutines && (await prisma.routine.count()) === 0) {
    const library = await seedDemoLibrary();
    result.routines = library.routines;
    result.warnings.push(...library.warnings);
  }
  if (options.mode === "demo" && options.demoRoutines) await seedDemoActors();

  const admins = await prisma.userRole.count({ where: { role: "admin", user: { deactivatedAt: null } } });
  if (admins === 0) {
    result.warnings.push(
      "No active admin exists, so nobody can manage users. Set ADMIN_EMAIL and ADMIN_PASSWORD and start again.",
    );
  }
  return result;
}

async function createSeedUser(user: { name: string; email: string; password: string; roles: Role[] }) {
  const passwordHash = await hashPassword(user.password);
  await prisma.$transaction(async (tx) => {
    const userId = await insertUser(tx, { ...user, passwordHash });
    await recordAudit(
      { action: "system.seeded", target: { type: "user", id: userId }, detail: { roles: user.roles } },
      tx,
    );
  });
}

/** Reads the seed options from the environment (APP_MODE, ADMIN_EMAIL, ADMIN_PASSWORD, ADMIN_NAME). */
export function seedOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): SeedOptions {
  const mode: AppMode = env.APP_MODE === "production" ? "production" : "demo";
  const admin =
    env.ADMIN_EMAIL || env.ADMIN_PASSWORD
      ? { email: env.ADMIN_EMAIL ?? "", password: env.ADMIN_PASSWORD ?? "", name: env.ADMIN_NAME }
      : undefined;
  return { mode, admin, demoRoutines: mode === "demo" };
}
