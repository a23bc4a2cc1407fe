import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { signedIn, signInAs } from "../../../test/request-context";
import type { Role } from "../../access";
import {
  ConflictError,
  DatabaseUnavailableError,
  isUniqueViolation,
  prisma,
  translateDbError,
  ValidationError,
  withDbErrors,
} from "../core";
import {
  acceptInvitation,
  createUser,
  findInvitation,
  listUsers,
  reissueInvitation,
  setUserActive,
  setUserRoles,
} from "../users";
import { seedDatabase } from "../../demo/seed";

const ADMIN = { email: "admin@example.com", password: "admin-demo-pass" };
const FAR_FUTURE = new Date(Date.now() + 365 * 24 * 60 * 60 * 1000);
let adminId: string;
let counter = 0;

const newEmail = () => `person-${++counter}@example.com`;

/** Creates a user as the signed-in admin: an author with a password unless told otherwise. */
function makeUser(overrides: { email?: string; roles?: Role[]; password?: string | null; name?: string } = {}) {
  const { password = "password-123", ...rest } = overrides;
  return createUser(signedIn(), {
    name: "Pat Person",
    email: newEmail(),
    roles: ["author"],
    ...(password === null ? {} : { password }),
    ...rest,
  });
}

async function signIn(email: string, password: string) {
  const { auth } = await import("../../session");
  return auth.api.signInEmail({ body: { email, password } });
}

const rolesOf = async (userId: string) =>
  (await prisma.userRole.findMany({ where: { userId }, orderBy: { role: "asc" } })).map((row) => row.role);

const statusOf = async (userId: string) => (await listUsers(signedIn())).find((user) => user.id === userId)?.status;

const rowCounts = async () => ({ users: await prisma.user.count(), audit: await prisma.auditLog.count() });

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  adminId = (await prisma.user.findUniqueOrThrow({ where: { email: ADMIN.email } })).id;
});

beforeEach(() => signInAs(ADMIN.email, ADMIN.password));

describe("createUser", () => {
  it("with a password: the user can sign in at once and holds exactly the roles given", async () => {
    const email = newEmail();
    const { userId, inviteToken } = await makeUser({ email, roles: ["reviewer", "operator"] });

    expect(inviteToken).toBeNull();
    await expect(signIn(email, "password-123")).resolves.toMatchObject({ user: { email } });
    expect(await rolesOf(userId)).toEqual(["operator", "reviewer"]);
    expect(await statusOf(userId)).toBe("active");
    const entry = await prisma.auditLog.findFirstOrThrow({ where: { targetId: userId } });
    expect(entry).toMatchObject({ action: "user.created", actorId: adminId });
  });

  it("without a password: the user is invited and cannot sign in yet", async () => {
    const email = newEmail();
    const { userId, inviteToken } = await makeUser({ email, password: null });

    expect(inviteToken).toEqual(expect.any(String));
    expect(await statusOf(userId)).toBe("invited");
    await expect(signIn(email, "password-123")).rejects.toMatchObject({ statusCode: 401 });
    await expect(findInvitation(inviteToken!)).resolves.toMatchObject({ status: "valid", email });
  });

  it.each([
    ["the same email", (email: string) => email],
    ["the email in capitals with spaces", (email: string) => `  ${email.toUpperCase()} `],
  ])("refuses %s as a duplicate and writes nothing", async (_case, variant) => {
    const email = newEmail();
    await makeUser({ email });
    const before = await rowCounts();

    const attempt = makeUser({ email: variant(email) });

    await expect(attempt).rejects.toBeInstanceOf(ConflictError);
    await expect(attempt).rejects.toMatchObject({ field: "email" });
    expect(await rowCounts()).toEqual(before);
  });

  it("two admins adding the same email at the same moment: one user is created, the other gets a clear conflict", async () => {
    const email = newEmail();
    const results = await Promise.allSettled([makeUser({ email }), makeUser({ email })]);

    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(ConflictError);
    expect(await prisma.user.count({ where: { email } })).toBe(1);
  });

  it("the unique index reports itself the way isUniqueViolation expects", async () => {
    const email = newEmail();
    await makeUser({ email });
    const error = await prisma.user
      .create({ data: { id: "duplicate-id", name: "Dup", email } })
      .catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
  });

  it("reports every invalid field for the form and writes nothing", async () => {
    const before = await rowCounts();

    const error = await createUser(signedIn(), { name: "X", email: "not-an-email", roles: [], password: "abc" }).catch(
      (e) => e,
    );

    expect(error).toBeInstanceOf(ValidationError);
    expect(Object.keys((error as ValidationError).fieldErrors).sort()).toEqual(["email", "password", "roles"]);
    expect(await rowCounts()).toEqual(before);
  });
});

describe("invitations", () => {
  it("accepting sets the password once; the link is then used up", async () => {
    const email = newEmail();
    const { userId, inviteToken } = await makeUser({ email, password: null });

    await expect(acceptInvitation({ token: inviteToken!, password: "chosen-password" })).resolves.toEqual({ email });

    await expect(signIn(email, "chosen-password")).resolves.toMatchObject({ user: { email } });
    expect(await statusOf(userId)).toBe("active");
    await expect(acceptInvitation({ token: inviteToken!, password: "another-password" })).rejects.toBeInstanceOf(
      ConflictError,
    );
    await expect(findInvitation(inviteToken!)).resolves.toEqual({ status: "used" });
    await expect(signIn(email, "another-password")).rejects.toMatchObject({ statusCode: 401 });
  });

  it("an expired invitation is refused and sets no password", async () => {
    const email = newEmail();
    const { inviteToken } = await makeUser({ email, password: null });

    await expect(findInvitation(inviteToken!, FAR_FUTURE)).resolves.toEqual({ status: "expired" });
    await expect(acceptInvitation({ token: inviteToken!, password: "chosen-password" }, FAR_FUTURE)).rejects.toThrow(
      /expired/,
    );
    await expect(signIn(email, "chosen-password")).rejects.toMatchObject({ statusCode: 401 });
    await expect(findInvitation(inviteToken!)).resolves.toMatchObject({ status: "valid" });
  });

  it("reissuing replaces the old link with a new one", async () => {
    const { userId, inviteToken } = await makeUser({ password: null });

    const { token } = await reissueInvitation(signedIn(), { userId });

    await expect(findInvitation(inviteToken!)).resolves.toEqual({ status: "unknown" });
    await expect(findInvitation(token)).resolves.toMatchObject({ status: "valid" });
    await expect(acceptInvitation({ token: inviteToken!, password: "chosen-password" })).rejects.toBeInstanceOf(
      ValidationError,
    );
  });

  it("is not reissued to a user who already has a password", async () => {
    const { userId } = await makeUser();
    await expect(reissueInvitation(signedIn(), { userId })).rejects.toBeInstanceOf(ConflictError);
  });

  it("an unknown or malformed token points nowhere", async () => {
    await expect(findInvitation("x".repeat(43))).resolves.toEqual({ status: "unknown" });
    await expect(findInvitation("not a token!")).resolves.toEqual({ status: "unknown" });
  });
});

describe("setUserRoles", () => {
  it("replaces the roles and records before and after in the audit log", async () => {
    const { userId } = await makeUser({ roles: ["author"] });

    await setUserRoles(signedIn(), { userId, roles: ["operator", "reviewer"] });

    expect(await rolesOf(userId)).toEqual(["operator", "reviewer"]);
    const entry = await prisma.auditLog.findFirstOrThrow({ where: { action: "user.roles_changed", targetId: userId } });
    expect(entry.actorId).toBe(adminId);
    expect(JSON.parse(entry.detail!)).toEqual({ before: ["author"], after: ["reviewer", "operator"] });
  });

  it("keeps the admin role on the only admin", async () => {
    const attempt = setUserRoles(signedIn(), { userId: adminId, roles: ["author"] });

    await expect(attempt).rejects.toBeInstanceOf(ConflictError);
    expect(await rolesOf(adminId)).toEqual(["admin"]);
  });

  it("refuses an empty role list", async () => {
    const { userId } = await makeUser({ roles: ["author"] });
    await expect(setUserRoles(signedIn(), { userId, roles: [] })).rejects.toMatchObject({
      fieldErrors: { roles: expect.any(Array) },
    });
    expect(await rolesOf(userId)).toEqual(["author"]);
  });
});

describe("setUserActive", () => {
  it("deactivating signs the user out everywhere and refuses their next sign-in; reactivating lets them back", async () => {
    const email = newEmail();
    const { userId } = await makeUser({ email });
    await signIn(email, "password-123");
    expect(await prisma.session.count({ where: { userId } })).toBe(1);

    await setUserActive(signedIn(), { userId, active: false });

    expect(await prisma.session.count({ where: { userId } })).toBe(0);
    expect(await statusOf(userId)).toBe("deactivated");
    await expect(signIn(email, "password-123")).rejects.toMatchObject({
      statusCode: 403,
      message: expect.stringMatching(/deactivated/),
    });
    expect(await prisma.session.count({ where: { userId } })).toBe(0);

    await setUserActive(signedIn(), { userId, active: true });
    await expect(signIn(email, "password-123")).resolves.toMatchObject({ user: { email } });
  });

  it("deactivating an invited user voids their invitation link", async () => {
    const { userId, inviteToken } = await makeUser({ password: null });
    await setUserActive(signedIn(), { userId, active: false });
    await expect(findInvitation(inviteToken!)).resolves.toEqual({ status: "unknown" });
    await expect(acceptInvitation({ token: inviteToken!, password: "password-123" })).rejects.toBeInstanceOf(
      ValidationError,
    );
  });

  it("nobody deactivates themselves", async () => {
    await expect(setUserActive(signedIn(), { userId: adminId, active: false })).rejects.toBeInstanceOf(ConflictError);
    expect(await statusOf(adminId)).toBe("active");
  });

  describe("the last active admin", () => {
    afterEach(async () => {
      vi.restoreAllMocks();
      // Back to one active admin, which the other tests in this file expect.
      await prisma.user.update({ where: { id: adminId }, data: { deactivatedAt: null } });
      await prisma.userRole.deleteMany({ where: { role: "admin", userId: { not: adminId } } });
    });

    // The acting admin always counts as another active admin, so this can only happen when a concurrent request
    // deactivates the actor between their role check and the write. That request is simulated here.
    it("stays active when the acting admin was deactivated meanwhile", async () => {
      const { userId: otherAdmin } = await makeUser({ roles: ["admin"] });
      const transaction = prisma.$transaction.bind(prisma);
      vi.spyOn(prisma, "$transaction").mockImplementationOnce((async (...args: Parameters<typeof transaction>) => {
        await prisma.user.update({ where: { id: adminId }, data: { deactivatedAt: new Date() } });
        return transaction(...args);
      }) as typeof prisma.$transaction);

      await expect(setUserActive(signedIn(), { userId: otherAdmin, active: false })).rejects.toThrow(/last one/);
      expect((await prisma.user.findUniqueOrThrow({ where: { id: otherAdmin } })).deactivatedAt).toBeNull();
    });
  });
});

describe("a read-only database", () => {
  const sqliteMessage = "attempt to write a readonly database";

  it("translates SQLite's read-only error into a sentence saying so", () => {
    const translated = translateDbError(new Error(sqliteMessage));
    expect(translated).toBeInstanceOf(DatabaseUnavailableError);
    expect((translated as Error).message).toMatch(/read-only/);
  });

  it("passes other errors through unchanged", async () => {
    const other = new ConflictError("taken", "email");
    await expect(withDbErrors(() => Promise.reject(other))).rejects.toBe(other);
  });

  /**
   * Makes the database refuse writes. SQLite: query_only gives the same error a read-only file gives (tests run as
   * root). PostgreSQL: new sessions of this database start read-only, and the client's pooled sessions are closed so
   * its next query opens such a session.
   */
  async function refuseWrites(refuse: boolean) {
    const url = process.env.DATABASE_URL ?? "";
    if (!/^postgres(ql)?:/.test(url)) {
      await prisma.$executeRawUnsafe(`PRAGMA query_only = ${refuse ? "ON" : "OFF"}`);
      return;
    }
    const { default: pg } = await import("pg");
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const name = (await admin.query<{ name: string }>("SELECT current_database() AS name")).rows[0].name;
      await admin.query("SET default_transaction_read_only = off");
      await admin.query(
        `ALTER DATABASE "${name}" ${refuse ? "SET default_transaction_read_only = on" : "RESET default_transaction_read_only"}`,
      );
    } finally {
      await admin.end();
    }
    await prisma.$disconnect();
  }

  it("createUser on a database that refuses writes fails with DatabaseUnavailableError and writes nothing", async () => {
    const before = await rowCounts();
    await refuseWrites(true);
    try {
      const attempt = makeUser();
      await expect(attempt).rejects.toBeInstanceOf(DatabaseUnavailableError);
      await expect(attempt).rejects.toThrow(/read-only/);
    } finally {
      await refuseWrites(false);
    }
    expect(await rowCounts()).toEqual(before);
  });
});
