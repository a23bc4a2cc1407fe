import { beforeAll, describe, expect, it, vi } from "vitest";
import { signInAs, signOutAll } from "../../../test/request-context";
import { ForbiddenError, UnauthenticatedError } from "../../auth/errors";
import { listAuditLog } from "../audit-log";
import { prisma } from "../client";
import { DEMO_USERS } from "../demo-users";
import { reissueInvitation } from "../invitations";
import { seedDatabase } from "../seed";
import { createUser, listUsers, setUserActive, setUserRoles } from "../users";

vi.mock("next/headers", async () => (await import("../../../test/request-context")).nextHeadersMock);

type Viewer = "anonymous" | "author" | "reviewer" | "operator" | "admin";
const VIEWERS: Viewer[] = ["anonymous", "author", "reviewer", "operator", "admin"];

let ids: Record<string, string>;
let invitedUserId: string;
let counter = 0;

async function actAs(viewer: Viewer) {
  if (viewer === "anonymous") return signOutAll();
  const user = DEMO_USERS.find((candidate) => candidate.roles.includes(viewer))!;
  await signInAs(user.email, user.password);
}

/** Every DAL function so far, each with arguments that succeed for an admin. */
const CALLS: Record<string, () => Promise<unknown>> = {
  listUsers: () => listUsers(),
  createUser: () => createUser({ name: "New Person", email: `new-${++counter}@example.com`, roles: ["author"], password: "password-123" }),
  setUserRoles: () => setUserRoles({ userId: ids["author@example.com"], roles: ["author"] }),
  setUserActive: () => setUserActive({ userId: ids["reviewer@example.com"], active: true }),
  reissueInvitation: () => reissueInvitation({ userId: invitedUserId }),
  listAuditLog: () => listAuditLog({ limit: 10 }),
};

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  const users = await prisma.user.findMany({ select: { id: true, email: true } });
  ids = Object.fromEntries(users.map((user) => [user.email, user.id]));
  await actAs("admin");
  invitedUserId = (await createUser({ name: "Invited", email: "invited@example.com", roles: ["operator"] })).userId;
});

describe("DAL authorization: every function × every role", () => {
  for (const [name, call] of Object.entries(CALLS)) {
    for (const viewer of VIEWERS) {
      const expected = viewer === "admin" ? "allowed" : viewer === "anonymous" ? "unauthenticated" : "forbidden";
      it(`${name} as ${viewer}: ${expected}`, async () => {
        await actAs(viewer);
        const usersBefore = await prisma.user.count();
        const auditBefore = await prisma.auditLog.count();
        const outcome = call();
        if (expected === "allowed") {
          await expect(outcome).resolves.not.toThrow();
          return;
        }
        await expect(outcome).rejects.toBeInstanceOf(expected === "unauthenticated" ? UnauthenticatedError : ForbiddenError);
        // A refused call writes nothing, not even an audit entry.
        expect(await prisma.user.count()).toBe(usersBefore);
        expect(await prisma.auditLog.count()).toBe(auditBefore);
      });
    }
  }
});

describe("sessions", () => {
  it("an expired session counts as anonymous", async () => {
    await actAs("admin");
    await prisma.session.updateMany({ data: { expiresAt: new Date(Date.now() - 1000) } });
    await expect(listUsers()).rejects.toBeInstanceOf(UnauthenticatedError);
  });

  it("a deactivated user's existing session grants nothing", async () => {
    await actAs("author");
    const author = ids["author@example.com"];
    await prisma.user.update({ where: { id: author }, data: { deactivatedAt: new Date() } });
    const { getViewer } = await import("../../auth/session");
    await expect(getViewer()).resolves.toBeNull();
    await prisma.user.update({ where: { id: author }, data: { deactivatedAt: null } });
  });
});
