import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDatabase } from "../../demo/seed";
import type { Routine } from "../../routine";
import { createRunStore } from "../../runs/store";
import { publishedRoutine } from "../../runs/store/testing/run-test-support";
import { signedIn } from "../../../test/request-context";
import { ConflictError, prisma } from "../core";
import { startRun } from "../../runs/operations";
import { makeRoutine } from "../testing/routine-factories";
import { as, demoUserId } from "../testing/review-test-support";

// A routine that names an actor runs as that actor: the run records it and the engine reads its profile; a routine
// calling a tool outside the actor's toolkit, or naming an actor that is gone, does not start.

let ownerId: string;

/** A toolkit of `tools` (demo HR server) and an actor with it; returns the actor's id. */
async function actorWith(tools: string[], persona = "You book leave for employees."): Promise<string> {
  const toolkitId = randomUUID();
  const actorId = randomUUID();
  await prisma.toolkit.create({
    data: {
      id: toolkitId,
      name: `Toolkit ${toolkitId}`,
      tools: JSON.stringify(tools.map((name) => ({ server: "hr", name }))),
    },
  });
  await prisma.actorProfile.create({
    data: { id: actorId, name: `Actor ${actorId}`, persona, toolkitId, model: "clerk-model" },
  });
  return actorId;
}

/** check the balance (a tool step, fully bound) → done, working as `actorId`. */
function balanceRoutine(actorId: string): Routine {
  return {
    ...makeRoutine({
      name: "Check a balance",
      inputs: [{ name: "employee_id", description: "", type: "string", required: true }],
      steps: [
        {
          id: "check",
          kind: "tool",
          name: "Check balance",
          description: "",
          tool: { server: "hr", name: "get_leave_balance" },
          inputs: { employee_id: { from: "input", name: "employee_id" } },
          outputs: [{ name: "balance", description: "" }],
          requiresApproval: false,
        },
        { id: "done", kind: "end", name: "Done", description: "" },
      ],
      edges: [{ id: "e1", source: "check", target: "done" }],
    }),
    actorId,
  };
}

async function start(routine: Routine) {
  const { routineId } = await publishedRoutine({ ownerId, routine });
  await as("operator");
  return startRun(signedIn(), { routineId, inputs: { employee_id: "E1024" } });
}

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  ownerId = await demoUserId("author");
});

describe("a run of a routine that names an actor", () => {
  it("records the actor, and the engine loads its persona, toolkit and model", async () => {
    const actorId = await actorWith(["get_leave_balance", "get_employee"]);
    const { runId } = await start(balanceRoutine(actorId));
    const run = await prisma.run.findUniqueOrThrow({ where: { id: runId } });
    expect(JSON.parse(run.execution)).toMatchObject({ mode: "workflow", actorId });

    const snapshot = await createRunStore({ owner: "test", leaseMs: 30_000 }).load(runId);
    expect(snapshot?.actor).toMatchObject({
      id: actorId,
      persona: "You book leave for employees.",
      model: "clerk-model",
      toolkit: {
        tools: [
          { server: "hr", name: "get_leave_balance" },
          { server: "hr", name: "get_employee" },
        ],
      },
    });
  });

  it("is refused when the actor's toolkit lacks a tool the routine calls, or the actor is gone, and writes nothing", async () => {
    const before = await prisma.run.count();
    const narrow = await actorWith(["get_employee"]);
    const lacking = await start(balanceRoutine(narrow)).catch((error: unknown) => error);
    expect(lacking).toBeInstanceOf(ConflictError);
    expect((lacking as Error).message).toMatch(/lacks get_leave_balance/);

    const gone = await start(balanceRoutine("actor-that-was-deleted")).catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(ConflictError);
    expect((gone as Error).message).toMatch(/no longer exists/);
    expect(await prisma.run.count()).toBe(before);
  });
});
