import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedIn, signInAs } from "../../../test/request-context";
import type { Routine, Step } from "../../routine";
import { prisma } from "../core";
import { DEMO_USERS, seedDatabase } from "../../demo/seed";
import { acceptToolChanges, createRoutine, saveRoutineDraft } from "../routines";
import { getRoutine, listRoutines } from "../library";
import { createToolServer, refreshToolServer } from "../tools";
import { makeRoutine } from "../testing/routine-factories";
import { type MutableMcpServer, objectSchema, startMutableMcpServer } from "../testing/mutable-mcp-server";

const as = async (role: "author" | "admin") => {
  const user = DEMO_USERS.find((candidate) => candidate.roles.includes(role))!;
  await signInAs(user.email, user.password);
};

let mcp: MutableMcpServer;
let serverId: string;
const balance = (required = ["employee_id"]) => ({
  name: "get_balance",
  description: "Leave balance",
  inputSchema: objectSchema({ employee_id: { type: "string" }, year: { type: "integer" } }, required),
});
const notify = { name: "notify", description: "Notify", inputSchema: objectSchema({ to: { type: "string" } }, ["to"]) };

const toolStep = (id: string, name: string): Step => ({
  id,
  kind: "tool",
  name: `Call ${name}`,
  description: "",
  tool: { server: "leave", name },
  inputs: {},
  outputs: [],
  requiresApproval: false,
});
const routineUsing = (...tools: string[]): Routine => {
  const steps: Step[] = [
    ...tools.map((tool, index) => toolStep(`t${index}`, tool)),
    { id: "done", kind: "end", name: "Done", description: "" },
  ];
  return makeRoutine({
    steps,
    edges: steps.slice(1).map((step, index) => ({ id: `e${index}`, source: steps[index]!.id, target: step.id })),
  });
};

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  mcp = await startMutableMcpServer([balance(), notify]);
  await as("admin");
  ({ id: serverId } = await createToolServer(signedIn(), { name: "leave", transport: { kind: "http", url: mcp.url } }));
});
afterAll(async () => {
  await mcp.close();
  const { sharedToolGateway } = await import("../../tool-gateway");
  await sharedToolGateway().close();
});

async function changeBalanceSchema(required: string[]) {
  mcp.tools = [balance(required), notify];
  await as("admin");
  await refreshToolServer(signedIn(), serverId);
  await as("author");
}

describe("tool pins on routine versions", () => {
  it("pins the tools a routine uses when it is created, and flags a later schema change until an author accepts it", async () => {
    await changeBalanceSchema(["employee_id"]);
    const { id } = await createRoutine(signedIn(), { name: "Leave check", routine: routineUsing("get_balance") });
    const stored = await prisma.routineVersion.findFirstOrThrow({ where: { routineId: id } });
    expect(Object.keys(JSON.parse(stored.toolHashes))).toEqual(["leave/get_balance"]);
    expect((await getRoutine(signedIn(), id)).toolChanges).toEqual([]);

    await changeBalanceSchema(["employee_id", "year"]);
    const detail = await getRoutine(signedIn(), id);
    expect(detail.toolChanges).toEqual([
      expect.objectContaining({ server: "leave", name: "get_balance", change: "changed" }),
    ]);
    expect((await listRoutines(signedIn())).find((routine) => routine.id === id)?.changedToolCount).toBe(1);

    // An autosave is not an acceptance: the flag stays, while a newly used tool is pinned to its current schema.
    await saveRoutineDraft(signedIn(), {
      routineId: id,
      baseRevision: detail.revision,
      routine: routineUsing("get_balance", "notify"),
    });
    const saved = await getRoutine(signedIn(), id);
    expect(saved.toolChanges.map((change) => change.name)).toEqual(["get_balance"]);

    await acceptToolChanges(signedIn(), { routineId: id });
    expect((await getRoutine(signedIn(), id)).toolChanges).toEqual([]);
    expect((await listRoutines(signedIn())).find((routine) => routine.id === id)?.changedToolCount).toBe(0);
    expect(await prisma.auditLog.count({ where: { action: "routine.tools_accepted", targetId: id } })).toBe(1);
    // The editor's revision still holds: accepting changed no content.
    await expect(
      saveRoutineDraft(signedIn(), {
        routineId: id,
        baseRevision: saved.revision,
        routine: routineUsing("get_balance"),
      }),
    ).resolves.toEqual({ revision: saved.revision + 1 });
  });

  it("flags a tool the server no longer offers as removed", async () => {
    await changeBalanceSchema(["employee_id"]);
    const { id } = await createRoutine(signedIn(), { name: "Notify only", routine: routineUsing("notify") });
    mcp.tools = [balance()];
    await as("admin");
    await refreshToolServer(signedIn(), serverId);
    await as("author");
    expect((await getRoutine(signedIn(), id)).toolChanges).toEqual([
      expect.objectContaining({ name: "notify", change: "removed", currentHash: null }),
    ]);
    mcp.tools = [balance(), notify];
  });
});
