import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { signedIn, signInAs, signOutAll } from "../../../test/request-context";
import { ForbiddenError, UnauthenticatedError } from "../../access";
import { listAuditLog } from "../audit";
import { prisma } from "../core";
import { DEMO_USERS, seedDatabase } from "../../demo/seed";
import { createUser, listUsers, reissueInvitation, setUserActive, setUserRoles } from "../users";
import {
  acceptToolChanges,
  archiveRoutine,
  createRoutine,
  duplicateRoutine,
  restoreRoutine,
  saveRoutineAsCopy,
  saveRoutineDraft,
} from "../routines";
import { getRoutine, listRoutines } from "../library";
import {
  createToolServer,
  getToolServer,
  listToolServers,
  refreshToolServer,
  registryToolCatalog,
  removeToolServer,
  setToolServerEnabled,
  tryTool,
  updateToolServer,
} from "../tools";
import { makeRoutine } from "../testing/routine-factories";
import { type MutableMcpServer, objectSchema, startMutableMcpServer } from "../testing/mutable-mcp-server";

vi.mock("next/headers", async () => (await import("../../../test/request-context")).nextHeadersMock);

type Viewer = "anonymous" | "author" | "reviewer" | "operator" | "admin";
const VIEWERS: Viewer[] = ["anonymous", "author", "reviewer", "operator", "admin"];

let ids: Record<string, string>;
let invitedUserId: string;
let routineId: string;
let archivableId: string;
let counter = 0;
let mcp: MutableMcpServer;
let serverId: string;
let doomedServerId: string;

async function actAs(viewer: Viewer) {
  if (viewer === "anonymous") return signOutAll();
  const user = DEMO_USERS.find((candidate) => candidate.roles.includes(viewer))!;
  await signInAs(user.email, user.password);
}

const ADMINS: Viewer[] = ["admin"];
const OPERATORS: Viewer[] = ["operator", "admin"];
const WRITERS: Viewer[] = ["author", "admin"];
const READERS: Viewer[] = ["author", "reviewer", "operator", "admin"];

const currentRevision = async (id: string) =>
  (await prisma.routineVersion.findFirstOrThrow({ where: { routineId: id } })).revision;

/** Every DAL function so far: who may call it, and arguments that succeed for them. */
const CALLS: Record<string, { allowed: Viewer[]; call: () => Promise<unknown> }> = {
  listUsers: { allowed: ADMINS, call: () => listUsers(signedIn()) },
  createUser: {
    allowed: ADMINS,
    call: () =>
      createUser(signedIn(), {
        name: "New Person",
        email: `new-${++counter}@example.com`,
        roles: ["author"],
        password: "password-123",
      }),
  },
  setUserRoles: {
    allowed: ADMINS,
    call: () => setUserRoles(signedIn(), { userId: ids["author@example.com"], roles: ["author"] }),
  },
  setUserActive: {
    allowed: ADMINS,
    call: () => setUserActive(signedIn(), { userId: ids["reviewer@example.com"], active: true }),
  },
  reissueInvitation: { allowed: ADMINS, call: () => reissueInvitation(signedIn(), { userId: invitedUserId }) },
  listAuditLog: { allowed: ADMINS, call: () => listAuditLog(signedIn(), { limit: 10 }) },
  listRoutines: { allowed: READERS, call: () => listRoutines(signedIn(), { query: "target", includeArchived: true }) },
  getRoutine: { allowed: READERS, call: () => getRoutine(signedIn(), routineId) },
  createRoutine: { allowed: WRITERS, call: () => createRoutine(signedIn(), { name: `Created ${++counter}` }) },
  saveRoutineDraft: {
    allowed: WRITERS,
    call: async () =>
      saveRoutineDraft(signedIn(), {
        routineId,
        baseRevision: await currentRevision(routineId),
        routine: makeRoutine({ name: "Authorization target" }),
      }),
  },
  duplicateRoutine: { allowed: WRITERS, call: () => duplicateRoutine(signedIn(), { routineId }) },
  saveRoutineAsCopy: {
    allowed: WRITERS,
    call: () => saveRoutineAsCopy(signedIn(), { routine: makeRoutine(), name: `Kept ${++counter}` }),
  },
  archiveRoutine: { allowed: WRITERS, call: () => archiveRoutine(signedIn(), { routineId: archivableId }) },
  restoreRoutine: { allowed: WRITERS, call: () => restoreRoutine(signedIn(), { routineId: archivableId }) },
  acceptToolChanges: { allowed: WRITERS, call: () => acceptToolChanges(signedIn(), { routineId }) },
  listToolServers: { allowed: READERS, call: () => listToolServers(signedIn()) },
  getToolServer: { allowed: READERS, call: () => getToolServer(signedIn(), serverId) },
  listCatalogTools: { allowed: READERS, call: () => registryToolCatalog(signedIn()).listTools() },
  createToolServer: {
    allowed: ADMINS,
    call: () =>
      createToolServer(signedIn(), { name: `server-${++counter}`, transport: { kind: "http", url: mcp.url } }),
  },
  updateToolServer: {
    allowed: ADMINS,
    call: () =>
      updateToolServer(signedIn(), serverId, {
        name: "target",
        description: `v${++counter}`,
        transport: { kind: "http", url: mcp.url },
      }),
  },
  setToolServerEnabled: { allowed: ADMINS, call: () => setToolServerEnabled(signedIn(), serverId, true) },
  removeToolServer: { allowed: ADMINS, call: () => removeToolServer(signedIn(), doomedServerId) },
  refreshToolServer: { allowed: OPERATORS, call: () => refreshToolServer(signedIn(), serverId) },
  tryTool: {
    allowed: OPERATORS,
    call: () => tryTool(signedIn(), { serverId, toolName: "echo", arguments: { text: "hi" } }),
  },
};

/** Rows a refused call must leave alone. */
const rowCounts = async () => ({
  users: await prisma.user.count(),
  audit: await prisma.auditLog.count(),
  routines: await prisma.routine.count(),
  versions: await prisma.routineVersion.findMany({ select: { id: true, revision: true }, orderBy: { id: "asc" } }),
  archived: await prisma.routine.count({ where: { archivedAt: { not: null } } }),
  servers: await prisma.toolServer.findMany({
    select: { id: true, name: true, description: true, enabled: true },
    orderBy: { id: "asc" },
  }),
  snapshots: await prisma.toolSnapshot.count(),
});

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  const users = await prisma.user.findMany({ select: { id: true, email: true } });
  ids = Object.fromEntries(users.map((user) => [user.email, user.id]));
  await actAs("admin");
  invitedUserId = (await createUser(signedIn(), { name: "Invited", email: "invited@example.com", roles: ["operator"] }))
    .userId;
  routineId = (await createRoutine(signedIn(), { name: "Authorization target" })).id;
  archivableId = (await createRoutine(signedIn(), { name: "Archive target" })).id;
  mcp = await startMutableMcpServer([
    {
      name: "echo",
      description: "Echo",
      inputSchema: objectSchema({ text: { type: "string" } }, ["text"]),
      // Operators may try only tools that declare themselves read-only (tool-servers-try.test.ts).
      annotations: { readOnlyHint: true },
    },
  ]);
  serverId = (await createToolServer(signedIn(), { name: "target", transport: { kind: "http", url: mcp.url } })).id;
  doomedServerId = randomUUID();
  await prisma.toolServer.create({ data: { id: doomedServerId, name: "doomed", transport: "http", url: mcp.url } });
});

afterAll(async () => {
  await mcp.close();
  const { sharedToolGateway } = await import("../../tool-gateway");
  await sharedToolGateway().close();
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
        await expect(outcome).rejects.toBeInstanceOf(
          expected === "unauthenticated" ? UnauthenticatedError : ForbiddenError,
        );
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
    // The request's session resolves to no viewer, and the DAL refuses that.
    const { getViewer } = await import("../../session");
    await expect(listUsers(await getViewer())).rejects.toBeInstanceOf(UnauthenticatedError);
  });

  it("a deactivated user's existing session grants nothing", async () => {
    await actAs("author");
    const author = ids["author@example.com"];
    await prisma.user.update({ where: { id: author }, data: { deactivatedAt: new Date() } });
    const { getViewer } = await import("../../session");
    await expect(getViewer()).resolves.toBeNull();
    await prisma.user.update({ where: { id: author }, data: { deactivatedAt: null } });
  });
});
