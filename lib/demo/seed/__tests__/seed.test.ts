import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "../../../db/core";
import { lookupFromList, validateRoutine } from "../../../routine";
import { DEMO_HR_TOOLS } from "../../hr-tools";
import { readStoredRoutine } from "../../../db/routines";
import { seedDatabase, seedOptionsFromEnv } from "../seed";

const DEMO = [
  { email: "admin@example.com", password: "admin-demo-pass", roles: ["admin"] },
  { email: "author@example.com", password: "author-demo-pass", roles: ["author"] },
  { email: "reviewer@example.com", password: "reviewer-demo-pass", roles: ["reviewer"] },
  { email: "operator@example.com", password: "operator-demo-pass", roles: ["operator"] },
];
const NO_ADMIN_WARNING = /No active admin exists/;

async function signIn(email: string, password: string) {
  const { auth } = await import("../../../session");
  return auth.api.signInEmail({ body: { email, password } });
}

/** Every user with their roles, by email. */
async function usersByEmail() {
  const users = await prisma.user.findMany({ select: { email: true, name: true, roles: { select: { role: true } } } });
  return Object.fromEntries(
    users.map((user) => [user.email, { name: user.name, roles: user.roles.map((r) => r.role).sort() }]),
  );
}

// The file shares one database; each scenario starts from an empty one.
beforeEach(async () => {
  await prisma.auditLog.deleteMany();
  await prisma.invitation.deleteMany();
  await prisma.userRole.deleteMany();
  await prisma.session.deleteMany();
  await prisma.account.deleteMany();
  await prisma.user.deleteMany();
});

describe("seedDatabase in demo mode", () => {
  it("creates the four demo users, each with exactly its role", async () => {
    const result = await seedDatabase({ mode: "demo" });

    expect(result).toEqual({ created: DEMO.map((user) => user.email), routines: [], warnings: [] });
    const users = await usersByEmail();
    expect(Object.keys(users).sort()).toEqual(DEMO.map((user) => user.email).sort());
    for (const demo of DEMO) expect(users[demo.email].roles).toEqual(demo.roles);
  });

  it("gives each demo user a working password and a system.seeded audit entry", async () => {
    await seedDatabase({ mode: "demo" });

    for (const demo of DEMO) {
      await expect(signIn(demo.email, demo.password)).resolves.toMatchObject({ user: { email: demo.email } });
    }
    const entries = await prisma.auditLog.findMany({ where: { action: "system.seeded" } });
    const ids = await prisma.user.findMany({ select: { id: true } });
    expect(entries.map((entry) => entry.targetId).sort()).toEqual(ids.map((user) => user.id).sort());
  });

  it("creates nothing the second time", async () => {
    await seedDatabase({ mode: "demo" });
    const before = { users: await prisma.user.count(), audit: await prisma.auditLog.count() };

    await expect(seedDatabase({ mode: "demo" })).resolves.toEqual({ created: [], routines: [], warnings: [] });
    expect({ users: await prisma.user.count(), audit: await prisma.auditLog.count() }).toEqual(before);
  });

  it("adds no demo users to a database that already has users", async () => {
    await seedDatabase({ mode: "production", admin: { email: "boss@corp.example", password: "boss-password" } });

    await expect(seedDatabase({ mode: "demo" })).resolves.toEqual({ created: [], routines: [], warnings: [] });
    expect(Object.keys(await usersByEmail())).toEqual(["boss@corp.example"]);
  });

  it("with an admin configured, creates that admin instead of the demo admin's duplicate", async () => {
    const result = await seedDatabase({
      mode: "demo",
      admin: { email: "admin@example.com", password: "my-own-password" },
    });

    expect(result.created.sort()).toEqual(DEMO.map((user) => user.email).sort());
    await expect(signIn("admin@example.com", "my-own-password")).resolves.toMatchObject({
      user: { email: "admin@example.com" },
    });
    await expect(signIn("admin@example.com", "admin-demo-pass")).rejects.toMatchObject({ statusCode: 401 });
  });
});

describe("seedDatabase in production mode", () => {
  it("creates no demo users and warns that nobody can manage users", async () => {
    const result = await seedDatabase({ mode: "production" });

    expect(result.created).toEqual([]);
    expect(result.warnings).toEqual([expect.stringMatching(NO_ADMIN_WARNING)]);
    expect(await prisma.user.count()).toBe(0);
  });

  it("creates exactly the configured admin, with the email in lower case", async () => {
    const result = await seedDatabase({
      mode: "production",
      admin: { email: "  Boss@Corp.Example ", password: "boss-password", name: "The Boss" },
    });

    expect(result).toEqual({ created: ["boss@corp.example"], routines: [], warnings: [] });
    expect(await usersByEmail()).toEqual({ "boss@corp.example": { name: "The Boss", roles: ["admin"] } });
    await expect(signIn("boss@corp.example", "boss-password")).resolves.toMatchObject({
      user: { email: "boss@corp.example" },
    });
  });

  it("names an admin without ADMIN_NAME 'Administrator'", async () => {
    await seedDatabase({
      mode: "production",
      admin: { email: "boss@corp.example", password: "boss-password", name: "  " },
    });
    expect((await usersByEmail())["boss@corp.example"].name).toBe("Administrator");
  });

  it("leaves an existing admin's account alone on the next start", async () => {
    const admin = { email: "boss@corp.example", password: "boss-password" };
    await seedDatabase({ mode: "production", admin });

    const result = await seedDatabase({ mode: "production", admin: { ...admin, password: "changed-password" } });

    expect(result).toEqual({ created: [], routines: [], warnings: [] });
    await expect(signIn(admin.email, admin.password)).resolves.toMatchObject({ user: { email: admin.email } });
  });

  it.each([
    ["a password that is too short", { email: "boss@corp.example", password: "short" }],
    ["an email that is not one", { email: "boss", password: "boss-password" }],
  ])("with %s, creates nothing and warns", async (_case, admin) => {
    const result = await seedDatabase({ mode: "production", admin });

    expect(result.created).toEqual([]);
    expect(result.warnings).toEqual([
      expect.stringMatching(/ADMIN_EMAIL or ADMIN_PASSWORD is not valid/),
      expect.stringMatching(NO_ADMIN_WARNING),
    ]);
    expect(await prisma.user.count()).toBe(0);
  });

  it("does not count a deactivated admin as an admin", async () => {
    await seedDatabase({ mode: "production", admin: { email: "boss@corp.example", password: "boss-password" } });
    await prisma.user.updateMany({ data: { deactivatedAt: new Date() } });

    expect((await seedDatabase({ mode: "production" })).warnings).toEqual([expect.stringMatching(NO_ADMIN_WARNING)]);
  });
});

/** An environment holding only `vars`. */
const env = (vars: Record<string, string>) => vars as NodeJS.ProcessEnv;

describe("seedOptionsFromEnv", () => {
  it("defaults to demo mode with no admin", () => {
    expect(seedOptionsFromEnv(env({}))).toEqual({ mode: "demo", admin: undefined, demoRoutines: true });
  });

  it("reads production mode and the admin", () => {
    expect(
      seedOptionsFromEnv(
        env({
          APP_MODE: "production",
          ADMIN_EMAIL: "boss@corp.example",
          ADMIN_PASSWORD: "boss-password",
          ADMIN_NAME: "Boss",
        }),
      ),
    ).toEqual({
      mode: "production",
      admin: { email: "boss@corp.example", password: "boss-password", name: "Boss" },
      demoRoutines: false,
    });
  });

  it("treats any APP_MODE other than production as demo", () => {
    expect(seedOptionsFromEnv(env({ APP_MODE: "staging" })).mode).toBe("demo");
    expect(seedOptionsFromEnv(env({ APP_MODE: "PRODUCTION" })).mode).toBe("demo");
  });

  it("passes a half-configured admin on, so seeding can warn about it", () => {
    expect(seedOptionsFromEnv(env({ ADMIN_EMAIL: "boss@corp.example" })).admin).toEqual({
      email: "boss@corp.example",
      password: "",
      name: undefined,
    });
    expect(seedOptionsFromEnv(env({ ADMIN_PASSWORD: "boss-password" })).admin).toMatchObject({
      email: "",
      password: "boss-password",
    });
  });
});

describe("demo routines", () => {
  // The suite's beforeEach deletes users, which routines reference.
  afterEach(async () => {
    await prisma.routineVersion.deleteMany();
    await prisma.routine.deleteMany();
  });

  it("go into an empty library in demo mode, owned by the demo author, valid against the demo HR tools; never twice", async () => {
    await seedDatabase({ mode: "demo" });
    await prisma.routineVersion.deleteMany();
    await prisma.routine.deleteMany();
    const result = await seedDatabase({ mode: "demo", demoRoutines: true });
    expect(result.routines).toEqual(["Apply for annual leave", "Payslip question (expert draft)"]);
    const routines = await prisma.routine.findMany({
      include: { owner: true, versions: true },
      orderBy: { name: "asc" },
    });
    expect(routines.map((routine) => routine.owner.email)).toEqual(["author@example.com", "author@example.com"]);

    const leave = readStoredRoutine(routines[0]!.versions[0]!.content);
    const issues = validateRoutine(leave, { tools: lookupFromList(DEMO_HR_TOOLS) });
    expect(issues.filter((issue) => issue.severity === "error")).toEqual([]);

    expect((await seedDatabase({ mode: "demo", demoRoutines: true })).routines).toEqual([]);
    expect(await prisma.routine.count()).toBe(2);
  });

  it("are never seeded in production mode", async () => {
    await prisma.routineVersion.deleteMany();
    await prisma.routine.deleteMany();
    expect((await seedDatabase({ mode: "production", demoRoutines: true })).routines).toEqual([]);
    expect(await prisma.routine.count()).toBe(0);
  });
});
