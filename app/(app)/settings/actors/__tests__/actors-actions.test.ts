import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { formData } from "@/test/request-context";
import { idleState } from "@/lib/forms";
import { prisma } from "@/lib/db/core";
import { seedDatabase } from "@/lib/demo/seed";
import { as } from "@/lib/db/testing/review-test-support";
import { deleteActorAction, deleteToolkitAction, saveActorAction, saveToolkitAction } from "../actions";

vi.mock("next/headers", async () => (await import("@/test/request-context")).nextHeadersMock);
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

// The toolkits and actors page's actions as a browser posts them: FormData in, a form state out.

const tools = (...names: string[]) => JSON.stringify(names.map((name) => ({ server: "hr", name })));

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  const serverId = randomUUID();
  await prisma.toolServer.create({
    data: { id: serverId, name: "hr", transport: "http", url: "http://127.0.0.1:9/mcp" },
  });
  for (const toolName of ["get_employee", "apply_leave"]) {
    await prisma.toolSnapshot.create({
      data: {
        id: randomUUID(),
        serverId,
        toolName,
        hash: `sha256:${toolName}`,
        definition: JSON.stringify({ description: "", inputSchema: { type: "object" } }),
      },
    });
  }
});

const written = async () => ({
  toolkits: await prisma.toolkit.count(),
  actors: await prisma.actorProfile.count(),
  audit: await prisma.auditLog.count(),
});

describe("the toolkits and actors page's actions", () => {
  it("refuse everyone but admins before anything runs, and write nothing", async () => {
    const start = await written();
    for (const who of ["operator", "author", "reviewer", "anonymous"] as const) {
      await as(who);
      expect(await saveToolkitAction(idleState, formData({ name: "Mine", tools: "[]" }))).toMatchObject({
        status: "error",
      });
      expect(await saveActorAction(idleState, formData({ name: "Me", toolkitId: "x" }))).toMatchObject({
        status: "error",
      });
      expect(await deleteToolkitAction(idleState, formData({ id: "x" }))).toMatchObject({ status: "error" });
      expect(await deleteActorAction(idleState, formData({ id: "x" }))).toMatchObject({ status: "error" });
    }
    expect(await written()).toEqual(start);
  });

  it("create, then edit, a toolkit and an actor; delete refuses a toolkit in use with the reason", async () => {
    await as("admin");
    const created = await saveToolkitAction(
      idleState,
      formData({ name: "Leave desk", description: "Leave", tools: tools("get_employee", "apply_leave") }),
    );
    expect(created).toEqual({ status: "success", message: "Created the toolkit “Leave desk” (2 tools)." });
    const toolkit = await prisma.toolkit.findUniqueOrThrow({ where: { name: "Leave desk" } });

    expect(
      await saveToolkitAction(idleState, formData({ id: toolkit.id, name: "Leave desk", tools: tools("apply_leave") })),
    ).toEqual({ status: "success", message: "Saved the toolkit “Leave desk” (1 tool)." });

    expect(
      await saveActorAction(
        idleState,
        formData({ name: "Leave clerk", persona: "Careful.", toolkitId: toolkit.id, model: "" }),
      ),
    ).toEqual({ status: "success", message: "Created the actor “Leave clerk”, working with “Leave desk”." });
    const actor = await prisma.actorProfile.findUniqueOrThrow({ where: { name: "Leave clerk" } });
    expect(actor.model).toBeNull();
    await saveActorAction(
      idleState,
      formData({ id: actor.id, name: "Leave clerk", toolkitId: toolkit.id, model: "m1" }),
    );
    expect((await prisma.actorProfile.findUniqueOrThrow({ where: { id: actor.id } })).model).toBe("m1");

    const refused = await deleteToolkitAction(idleState, formData({ id: toolkit.id }));
    expect(refused).toMatchObject({ status: "error", message: expect.stringContaining('"Leave clerk"') });
    expect(await deleteActorAction(idleState, formData({ id: actor.id }))).toMatchObject({ status: "success" });
    expect(await deleteToolkitAction(idleState, formData({ id: toolkit.id }))).toMatchObject({ status: "success" });
    expect(await prisma.toolkit.count({ where: { id: toolkit.id } })).toBe(0);
  });

  it("show field errors a form can place: a taken name, an unknown tool, unreadable tools, a missing toolkit", async () => {
    await as("admin");
    await saveToolkitAction(idleState, formData({ name: "Records", tools: tools("get_employee") }));
    expect(await saveToolkitAction(idleState, formData({ name: "records", tools: "[]" }))).toMatchObject({
      status: "error",
      fieldErrors: { name: [expect.stringContaining("already exists")] },
    });
    expect(
      await saveToolkitAction(idleState, formData({ name: "Ghosts", tools: tools("fire_everyone") })),
    ).toMatchObject({
      status: "error",
      fieldErrors: { tools: ["This tool is not in the tool catalog: hr/fire_everyone."] },
    });
    expect(await saveToolkitAction(idleState, formData({ name: "Broken", tools: "{oops" }))).toMatchObject({
      status: "error",
      fieldErrors: { tools: [expect.stringContaining("could not be read")] },
    });
    expect(await saveActorAction(idleState, formData({ name: "", toolkitId: "" }))).toMatchObject({
      status: "error",
      fieldErrors: { name: ["Give the actor a name."], toolkitId: ["Choose a toolkit."] },
    });
    expect(await prisma.toolkit.count({ where: { name: { in: ["Ghosts", "Broken"] } } })).toBe(0);
  });
});
