import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "../../../db/core";
import { readConfigurations } from "../../../db/evals";
import { caseToolProblems, testCaseContentSchema } from "../../../evaluations/scoring";
import { lookupFromList, validateRoutine } from "../../../routine";
import { sharedToolGateway } from "../../../tool-gateway";
import { type DemoHrHttpServer, startDemoHrHttpServer } from "../../hr-server";
import { DEMO_HR_TOOLS } from "../../hr-tools";
import { readStoredRoutine } from "../../../db/routines";
import { registerDemoToolServer } from "../demo-tool-server";
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

/** What the review flow and the Evaluations page keep, counted: seeding again must add none of it. */
async function libraryCounts() {
  return {
    routines: await prisma.routine.count(),
    versions: await prisma.routineVersion.count(),
    reviews: await prisma.review.count(),
    publications: await prisma.routinePublication.count(),
    cases: await prisma.testCase.count(),
    suites: await prisma.evalSuite.count(),
    evalRuns: await prisma.evalRun.count(),
    runs: await prisma.run.count(),
    audit: await prisma.auditLog.count(),
  };
}

const DEMO_ROUTINE_NAMES = ["Apply for annual leave", "Payslip question", "Report sick leave"];

describe("demo routines", () => {
  let hr: DemoHrHttpServer;

  // The demo HR server registered as "hr", as the start command does before seeding: the routines validate against
  // its tools, so they can be submitted, approved and published.
  beforeAll(async () => {
    hr = await startDemoHrHttpServer({ port: 0 });
    const registered = await registerDemoToolServer(hr.url);
    if (!registered.ok) throw new Error(`The demo HR server was not registered: ${registered.error}`);
  });
  afterAll(async () => {
    await sharedToolGateway().close();
    await hr.close();
  });

  // The suite's beforeEach deletes users, which routines reference.
  afterEach(async () => {
    await prisma.routineVersion.deleteMany();
    await prisma.routine.deleteMany();
  });

  /** The demo library as seeded into an empty database: routines with their versions, newest version first. */
  async function seededLibrary() {
    const result = await seedDatabase({ mode: "demo", demoRoutines: true });
    const routines = await prisma.routine.findMany({
      include: {
        owner: true,
        versions: {
          orderBy: { number: "desc" },
          include: { author: true, approvedBy: true, reviews: { include: { reviewer: true } } },
        },
        publications: { include: { publishedBy: true } },
        testCases: true,
        evalSuites: true,
      },
      orderBy: { name: "asc" },
    });
    return { result, routines };
  }

  it("go into an empty library in demo mode, owned by the demo author, valid against the demo HR tools; never twice", async () => {
    const { result, routines } = await seededLibrary();

    expect(result).toMatchObject({ routines: DEMO_ROUTINE_NAMES, warnings: [] });
    expect(routines.map((routine) => routine.name)).toEqual(DEMO_ROUTINE_NAMES);
    expect(routines.map((routine) => routine.owner.email)).toEqual(Array(3).fill("author@example.com"));
    for (const routine of routines) {
      const stored = readStoredRoutine(routine.versions[0]!.content);
      const issues = validateRoutine(stored, { tools: lookupFromList(DEMO_HR_TOOLS) });
      expect(
        issues.filter((issue) => issue.severity === "error"),
        routine.name,
      ).toEqual([]);
    }

    const before = await libraryCounts();
    expect(await seedDatabase({ mode: "demo", demoRoutines: true })).toEqual({
      created: [],
      routines: [],
      warnings: [],
    });
    expect(await libraryCounts()).toEqual(before);
  });

  it("are each published as the review screen publishes: approved by the demo reviewer, written and submitted by the demo author", async () => {
    const { routines } = await seededLibrary();

    for (const routine of routines) {
      const published = routine.versions[0]!;
      expect(routine.publishedVersionId, routine.name).toBe(published.id);
      expect(published, routine.name).toMatchObject({ status: "published", approvedAt: expect.any(Date) });
      expect(published.approvedBy?.email, routine.name).toBe("reviewer@example.com");
      expect(published.author?.email, routine.name).toBe("author@example.com");
      expect(published.authorId).not.toBe(published.approvedById);
      expect(
        published.reviews.map((review) => [review.decision, review.reviewer?.email]),
        routine.name,
      ).toEqual([["approved", "reviewer@example.com"]]);
      expect(
        routine.publications.map((publication) => [publication.versionId, publication.publishedBy?.email]),
        routine.name,
      ).toEqual([[published.id, "reviewer@example.com"]]);
      const audit = await prisma.auditLog.findMany({
        where: { targetId: routine.id },
        include: { actor: true },
        orderBy: { at: "asc" },
      });
      const trail = audit.map((entry) => `${entry.action} ${entry.actor?.email ?? "seed"}`);
      expect(trail, routine.name).toEqual(
        expect.arrayContaining([
          "routine.created seed",
          "routine.submitted author@example.com",
          "review.approved reviewer@example.com",
          "routine.published reviewer@example.com",
        ]),
      );
    }
  });

  it("start the payslip routine from the expert draft: version 1, rejected with the reviewer's reasons", async () => {
    const { routines } = await seededLibrary();
    const payslip = routines.find((routine) => routine.name === "Payslip question")!;

    expect(payslip.versions.map((version) => [version.number, version.status])).toEqual([
      [2, "published"],
      [1, "rejected"],
    ]);
    const draft = payslip.versions[1]!;
    expect(readStoredRoutine(draft.content).name).toBe("Payslip question (expert draft)");
    expect(draft.reviews).toEqual([
      expect.objectContaining({ decision: "rejected", comment: expect.stringMatching(/expert draft/) }),
    ]);
    expect(payslip.versions[0]!.basedOnId).toBe(draft.id);
  });

  it("each have ten or more active cases that pass the case schema and call only the routine's tools", async () => {
    const { routines } = await seededLibrary();

    for (const routine of routines) {
      const stored = readStoredRoutine(routine.versions[0]!.content);
      const tools = new Set(stored.steps.flatMap((step) => (step.kind === "tool" ? [step.tool.name] : [])));
      const branches = new Set(stored.edges.flatMap((edge) => (edge.condition ? [edge.condition.label] : [])));
      const active = routine.testCases.filter((row) => row.status === "active" && row.deletedAt === null);
      expect(active.length, routine.name).toBeGreaterThanOrEqual(10);
      expect(active.every((row) => row.source === "manual" && row.createdById === routine.ownerId)).toBe(true);
      for (const row of active) {
        const content = testCaseContentSchema.parse({
          name: row.name,
          request: row.request,
          inputs: JSON.parse(row.inputs),
          expectedCalls: JSON.parse(row.expectedCalls),
          expectedPath: JSON.parse(row.expectedPath),
          pinnedOutputs: JSON.parse(row.pinnedOutputs),
        });
        expect(caseToolProblems(content, tools), row.name).toEqual([]);
        expect(content.expectedCalls.length, row.name).toBeGreaterThanOrEqual(3);
        expect(content.expectedPath.length, row.name).toBe(1);
        expect(branches.has(content.expectedPath[0]!), row.name).toBe(true);
      }
    }
  });

  it("each have one suite “With routine vs without”: agent and baseline mode on the published version, never run", async () => {
    const { routines } = await seededLibrary();

    for (const routine of routines) {
      expect(
        routine.evalSuites.map((suite) => suite.name),
        routine.name,
      ).toEqual(["With routine vs without"]);
      const configurations = readConfigurations(routine.evalSuites[0]!.configurations);
      expect(
        configurations.map((config) => [config.mode, config.versionId]),
        routine.name,
      ).toEqual([
        ["agent", routine.publishedVersionId],
        ["baseline", routine.publishedVersionId],
      ]);
    }
    expect(await prisma.evalRun.count()).toBe(0);
    expect(await prisma.run.count()).toBe(0);
  });

  it("stay drafts with their cases and no suite when the demo HR tools are not in the catalog, and the seed says why", async () => {
    await prisma.toolServer.updateMany({ where: { name: "hr" }, data: { enabled: false } });
    try {
      const { result, routines } = await seededLibrary();

      expect(result.routines).toEqual([
        "Apply for annual leave",
        "Payslip question (expert draft)",
        "Report sick leave",
      ]);
      expect(result.warnings).toEqual([expect.stringMatching(/demo HR tools are not in the tool catalog/)]);
      for (const routine of routines) {
        expect(
          routine.versions.map((version) => version.status),
          routine.name,
        ).toEqual(["draft"]);
        expect(routine.publishedVersionId).toBeNull();
        expect(routine.testCases.length, routine.name).toBeGreaterThanOrEqual(10);
        expect(routine.evalSuites).toEqual([]);
      }
    } finally {
      await prisma.toolServer.updateMany({ where: { name: "hr" }, data: { enabled: true } });
    }
  });

  it("are never seeded in production mode", async () => {
    expect((await seedDatabase({ mode: "production", demoRoutines: true })).routines).toEqual([]);
    expect(await libraryCounts()).toMatchObject({ routines: 0, cases: 0, suites: 0 });
  });
});
