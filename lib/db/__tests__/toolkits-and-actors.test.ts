import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { signedIn } from "../../../test/request-context";
import { ForbiddenError, UnauthenticatedError } from "../../access";
import { seedDatabase } from "../../demo/seed";
import { ConflictError, prisma, ValidationError } from "../core";
import { as } from "../testing/review-test-support";
import {
  createActorProfile,
  createToolkit,
  deleteActorProfile,
  deleteToolkit,
  listActorProfiles,
  listToolkits,
  readActorProfiles,
  updateActorProfile,
  updateToolkit,
} from "../actors";

// Toolkits and actor profiles: admins write them (validated, audited), every signed-in role reads them, and the run
// engine reads them without a viewer.

const HR = (name: string) => ({ server: "hr", name });
let hrServerId = "";

/** Registers a tool server with these current tools, straight in the database (no MCP server runs in this test). */
async function toolServerWith(name: string, tools: string[]): Promise<string> {
  const serverId = randomUUID();
  await prisma.toolServer.create({ data: { id: serverId, name, transport: "http", url: "http://127.0.0.1:9/mcp" } });
  for (const toolName of tools) {
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
  return serverId;
}

const auditCount = () => prisma.auditLog.count({ where: { action: { startsWith: "settings.toolkit" } } });

const refusal = async (promise: Promise<unknown>) => promise.catch((error: unknown) => error);

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  hrServerId = await toolServerWith("hr", ["get_employee", "get_leave_balance", "apply_leave", "get_payslip"]);
});

describe("toolkits and actor profiles", () => {
  it("an admin creates, edits and deletes them; every write is audited; every role reads them", async () => {
    await as("admin");
    const toolkit = await createToolkit(signedIn(), {
      name: "  Leave desk ",
      description: "Leave requests",
      tools: [HR("get_leave_balance"), HR("apply_leave")],
    });
    expect(toolkit).toMatchObject({ name: "Leave desk", tools: [HR("get_leave_balance"), HR("apply_leave")] });
    const actor = await createActorProfile(signedIn(), {
      name: "Leave clerk",
      persona: "You handle leave requests carefully.",
      toolkitId: toolkit.id,
      model: "  ",
    });
    expect(actor).toMatchObject({ model: null, toolkit: { id: toolkit.id, name: "Leave desk" } });

    const edited = await updateActorProfile(signedIn(), actor.id, {
      name: "Leave officer",
      persona: "Careful.",
      toolkitId: toolkit.id,
      model: "small-model",
    });
    expect(edited).toMatchObject({ name: "Leave officer", model: "small-model" });
    await updateToolkit(signedIn(), toolkit.id, { name: "Leave desk", tools: [HR("apply_leave")] });

    for (const who of ["author", "reviewer", "operator"] as const) {
      await as(who);
      expect((await listToolkits(signedIn())).find((row) => row.id === toolkit.id)).toMatchObject({
        tools: [HR("apply_leave")],
        usedBy: ["Leave officer"],
      });
      expect((await listActorProfiles(signedIn())).find((row) => row.id === actor.id)?.name).toBe("Leave officer");
    }

    await as("admin");
    await deleteActorProfile(signedIn(), actor.id);
    await deleteToolkit(signedIn(), toolkit.id);
    expect(await listToolkits(signedIn())).toEqual([]);

    const audit = await prisma.auditLog.findMany({
      where: { targetId: { in: [toolkit.id, actor.id] } },
      select: { action: true, actorEmail: true, targetType: true },
    });
    // Sorted: two writes within one millisecond share a timestamp.
    expect(audit.map((entry) => entry.action).sort()).toEqual([
      "settings.actor_created",
      "settings.actor_deleted",
      "settings.actor_updated",
      "settings.toolkit_created",
      "settings.toolkit_deleted",
      "settings.toolkit_updated",
    ]);
    expect(audit.every((entry) => entry.actorEmail === "admin@example.com" && entry.targetType === "setting")).toBe(
      true,
    );
  });

  it("refuses writes by every role but admin, and reads by nobody signed in, writing nothing", async () => {
    await as("admin");
    const toolkit = await createToolkit(signedIn(), { name: "Records", tools: [HR("get_employee")] });
    const before = await auditCount();
    for (const who of ["author", "reviewer", "operator"] as const) {
      await as(who);
      await expect(createToolkit(signedIn(), { name: "Mine", tools: [] })).rejects.toBeInstanceOf(ForbiddenError);
      await expect(updateToolkit(signedIn(), toolkit.id, { name: "Mine" })).rejects.toBeInstanceOf(ForbiddenError);
      await expect(deleteToolkit(signedIn(), toolkit.id)).rejects.toBeInstanceOf(ForbiddenError);
      await expect(createActorProfile(signedIn(), { name: "Me", toolkitId: toolkit.id })).rejects.toBeInstanceOf(
        ForbiddenError,
      );
    }
    await expect(listToolkits(null)).rejects.toBeInstanceOf(UnauthenticatedError);
    await expect(listActorProfiles(null)).rejects.toBeInstanceOf(UnauthenticatedError);
    expect(await auditCount()).toBe(before);
    await as("admin");
    expect((await listToolkits(signedIn())).map((row) => row.name)).toEqual(["Records"]);
    await deleteToolkit(signedIn(), toolkit.id);
  });

  it("refuses a name already taken, whatever its case, with a conflict on the name field", async () => {
    await as("admin");
    const first = await createToolkit(signedIn(), { name: "Payroll desk", tools: [HR("get_payslip")] });
    const second = await createToolkit(signedIn(), { name: "Other desk" });
    const taken = await refusal(createToolkit(signedIn(), { name: "payroll DESK" }));
    expect(taken).toBeInstanceOf(ConflictError);
    expect(taken).toMatchObject({ field: "name", message: expect.stringContaining("already exists") });
    await expect(updateToolkit(signedIn(), second.id, { name: "Payroll desk" })).rejects.toBeInstanceOf(ConflictError);
    // Keeping one's own name is no clash.
    await expect(updateToolkit(signedIn(), first.id, { name: "Payroll desk", tools: [] })).resolves.toBeTruthy();

    const clerk = await createActorProfile(signedIn(), { name: "Payroll clerk", toolkitId: first.id });
    await expect(createActorProfile(signedIn(), { name: "PAYROLL CLERK", toolkitId: first.id })).rejects.toBeInstanceOf(
      ConflictError,
    );
    await deleteActorProfile(signedIn(), clerk.id);
    await deleteToolkit(signedIn(), first.id);
    await deleteToolkit(signedIn(), second.id);
  });

  it("refuses tools the catalog does not list, duplicates, and bad fields, naming what is wrong", async () => {
    await as("admin");
    const unknown = await refusal(
      createToolkit(signedIn(), { name: "Ghosts", tools: [HR("get_employee"), HR("fire_everyone")] }),
    );
    expect(unknown).toBeInstanceOf(ValidationError);
    expect((unknown as ValidationError).fieldErrors.tools).toEqual([
      "This tool is not in the tool catalog: hr/fire_everyone.",
    ]);
    const twice = await refusal(
      createToolkit(signedIn(), { name: "Twice", tools: [HR("apply_leave"), HR("apply_leave")] }),
    );
    expect((twice as ValidationError).fieldErrors.tools).toEqual(["Each tool may be listed only once."]);
    const fields = await refusal(createToolkit(signedIn(), { name: " ", description: "x".repeat(1001) }));
    expect(Object.keys((fields as ValidationError).fieldErrors).sort()).toEqual(["description", "name"]);
    const actor = await refusal(
      createActorProfile(signedIn(), {
        name: "A".repeat(81),
        persona: "p".repeat(4001),
        toolkitId: "nope",
        model: "m".repeat(201),
      }),
    );
    expect(Object.keys((actor as ValidationError).fieldErrors).sort()).toEqual(["model", "name", "persona"]);
    const noToolkit = await refusal(createActorProfile(signedIn(), { name: "Lost", toolkitId: "nope" }));
    expect((noToolkit as ValidationError).fieldErrors.toolkitId).toEqual([
      "This toolkit no longer exists. Choose another.",
    ]);
    expect(await listToolkits(signedIn())).toEqual([]);
  });

  it("keeps tools a toolkit already holds when their server is disabled, but refuses adding them anew", async () => {
    await as("admin");
    const kit = await createToolkit(signedIn(), { name: "Lookups", tools: [HR("get_employee")] });
    await prisma.toolServer.update({ where: { id: hrServerId }, data: { enabled: false } });
    try {
      await expect(
        updateToolkit(signedIn(), kit.id, { name: "Lookups (renamed)", tools: [HR("get_employee")] }),
      ).resolves.toMatchObject({
        name: "Lookups (renamed)",
      });
      await expect(
        updateToolkit(signedIn(), kit.id, { name: "Lookups", tools: [HR("get_employee"), HR("get_payslip")] }),
      ).rejects.toBeInstanceOf(ValidationError);
    } finally {
      await prisma.toolServer.update({ where: { id: hrServerId }, data: { enabled: true } });
    }
    await deleteToolkit(signedIn(), kit.id);
  });

  it("refuses deleting a toolkit an actor uses, naming the actor, and deletes nothing", async () => {
    await as("admin");
    const kit = await createToolkit(signedIn(), { name: "In use", tools: [HR("get_employee")] });
    const actor = await createActorProfile(signedIn(), { name: "Busy bee", toolkitId: kit.id });
    const error = await refusal(deleteToolkit(signedIn(), kit.id));
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as Error).message).toContain('"Busy bee"');
    expect(await prisma.toolkit.count({ where: { id: kit.id } })).toBe(1);
    await deleteActorProfile(signedIn(), actor.id);
    await deleteToolkit(signedIn(), kit.id);
  });

  it("readActorProfiles gives the engine every actor with its toolkit's tools parsed, without a viewer", async () => {
    await as("admin");
    const kit = await createToolkit(signedIn(), { name: "Engine kit", tools: [HR("get_employee"), HR("get_payslip")] });
    const actor = await createActorProfile(signedIn(), {
      name: "Engine actor",
      persona: "Precise.",
      toolkitId: kit.id,
      model: "exec-model",
    });
    expect(await readActorProfiles()).toEqual([
      {
        id: actor.id,
        name: "Engine actor",
        persona: "Precise.",
        model: "exec-model",
        toolkit: { id: kit.id, name: "Engine kit", tools: [HR("get_employee"), HR("get_payslip")] },
      },
    ]);
    // A corrupted tools column reads as no tools (fails safe), loudly.
    await prisma.toolkit.update({ where: { id: kit.id }, data: { tools: "{not json" } });
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect((await readActorProfiles())[0].toolkit.tools).toEqual([]);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining("unreadable"));
    logged.mockRestore();
    await deleteActorProfile(signedIn(), actor.id);
    await deleteToolkit(signedIn(), kit.id);
  });
});
