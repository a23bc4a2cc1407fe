import { beforeAll, describe, expect, it, vi } from "vitest";
import { signInAs, signOutAll } from "../../../test/request-context";
import { ForbiddenError, UnauthenticatedError } from "../../auth/errors";
import { listAuditLog } from "../audit-log";
import { prisma } from "../client";
import { DEMO_USERS } from "../demo-users";
import { reissueInvitation } from "../invitations";
import { saveRoutineDraft } from "../routine-drafts";
import { archiveRoutine, createRoutine, duplicateRoutine, restoreRoutine, saveRoutineAsCopy } from "../routine-writes";
import { getRoutine, listRoutines } from "../routines";
import { seedDatabase } from "../seed";
import { createUser, listUsers, setUserActive, setUserRoles } from "../users";
import { makeRoutine } from "./routine-factories";

vi.mock("next/headers", async () => (await import("../../../test/request-context")).nextHeadersMock);

type Viewer = "anonymous" | "author" | "reviewer" | "operator" | "admin";
const VIEWERS: Viewer[] = ["anonymous", "author", "reviewer", "operator", "admin"];

let ids: Record<string, string>;
let invitedUserId: string;
let routineId: string;
let archivableId: string;
let counter = 0;

async function actAs(viewer: Viewer) {
  if (viewer === "anonymous") return signOutAll();
  const user = DEMO_USERS.find((candidate) => candidate.roles.includes(viewer))!;
  await signInAs(user.email, user.password);
}

const ADMINS: Viewer[] = ["admin"];
const WRITERS: Viewer[] = ["author", "admin"];
const READERS: Viewer[] = ["author", "reviewer", "operator", "admin"];

const currentRevision = async (id: string) => (await prisma.routineVersion.findFirstOrThrow({ where: { routineId: id } })).revision;

/** Every DAL function so far: who may call it, and arguments that succeed for them. */
const CALLS: Record<string, { allowed: Viewer[]; call: () => Promise<unknown> }> = {
  listUsers: { allowed: ADMINS, call: () => listUsers() },
  createUser: {
    allowed: ADMINS,
    call: () => createUser({ name: "New Person", email: `new-${++counter}@example.com`, roles: ["author"], password: "password-123" }),
  },
  setUserRoles: { allowed: ADMINS, call: () => setUserRoles({ userId: ids["author@example.com"], roles: ["author"] }) },
  setUserActive: { allowed: ADMINS, call: () => setUserActive({ userId: ids["reviewer@example.com"], active: true }) },
  reissueInvitation: { allowed: ADMINS, call: () => reissueInvitation({ userId: invitedUserId }) },
  listAuditLog: { allowed: ADMINS, call: () => listAuditLog({ limit: 10 }) },
  listRoutines: { allowed: READERS, call: () => listRoutines({ query: "target", includeArchived: true }) },
  getRoutine: { allowed: READERS, call: () => getRoutine(routineId) },
  createRoutine: { allowed: WRITERS, call: () => createRoutine({ name: `Created ${++counter}` }) },
  saveRoutineDraft: {
    allowed: WRITERS,
    call: async () => saveRoutineDraft({ routineId, baseRevision: await currentRevision(routineId), routine: makeRoutine({ name: "Authorization target" }) }),
  },
  duplicateRoutine: { allowed: WRITERS, call: () => duplicateRoutine({ routineId }) },
  saveRoutineAsCopy: { allowed: WRITERS, call: () => saveRoutineAsCopy({ routine: makeRoutine(), name: `Kept ${++counter}` }) },
  archiveRoutine: { allowed: WRITERS, call: () => archiveRoutine({ routineId: archivableId }) },
  restoreRoutine: { allowed: WRITERS, call: () => restoreRoutine({ routineId: archivableId }) },
};

/** Rows a refused call must leave alone. */
const rowCounts = async () => ({
  users: await prisma.user.count(),
  audit: await prisma.auditLog.count(),
  routines: await prisma.routine.count(),
  versions: await prisma.routineVersion.findMany({ select: { id: true, revision: true }, orderBy: { id: "asc" } }),
  archived: await prisma.routine.count({ where: { archivedAt: { not: null } } }),
});

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  const users = await prisma.user.findMany({ select: { id: true, email: true } });
  ids = Object.fromEntries(users.map((user) => [user.email, user.id]));
  await actAs("admin");
  invitedUserId = (await createUser({ name: "Invited", email: "invited@example.com", roles: ["operator"] })).userId;
  routineId = (await createRoutine({ name: "Authorization target" })).id;
  archivableId = (await createRoutine({ name: "Archive target" })).id;
});

describe("DAL authorization: every function × every role", () => {
  for (const [name, { allowed, call }] of Object.entries(CALLS)) {
    for (const viewer of VIEWERS) {
      const expected = allowed.includes(viewer) ? "allowed" : viewer === "anonymous" ? "unauthenticated" : "forbidden";
      it(`${name} as ${viewer}: ${expected}`, async () => {
        await actAs(viewer);
        const before = await rowCounts();
        const outcome = call();
        if (expected === "allowed") {
          await expect(outcome).resolves.not.toThrow();
          return;
        }
        await expect(outcome).rejects.toBeInstanceOf(expected === "unauthenticated" ? UnauthenticatedError : ForbiddenError);
        // A refused call writes nothing, not even an audit entry.
        expect(await rowCounts()).toEqual(before);
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
