import { describe, expect, it } from "vitest";
import { readActorProfiles } from "../../../db/actors";
import { prisma } from "../../../db/core";
import { DEMO_HR_TOOLS } from "../../hr-tools";
import { DEMO_ACTORS, DEMO_TOOLKITS } from "../demo-actors";
import { seedDatabase } from "../seed";

// The demo toolkits and actors: over real demo HR tools, seeded once with stable ids, never in production.

const known = new Set(DEMO_HR_TOOLS.map((tool) => tool.name));

describe("the demo toolkits and actors", () => {
  it("bundle only tools the demo HR server serves, each once", () => {
    for (const toolkit of DEMO_TOOLKITS) {
      expect(
        toolkit.tools.filter((name) => !known.has(name)),
        toolkit.name,
      ).toEqual([]);
      expect(new Set(toolkit.tools).size, toolkit.name).toBe(toolkit.tools.length);
    }
  });

  it("are not seeded in production mode", async () => {
    await seedDatabase({ mode: "production", demoRoutines: true });
    expect(await prisma.actorProfile.count()).toBe(0);
  });

  it("are seeded once in demo mode with stable ids, and an admin's deletion is not undone on the next start", async () => {
    await seedDatabase({ mode: "demo", demoRoutines: true });
    const actors = await readActorProfiles();
    expect(actors.map((actor) => [actor.id, actor.name, actor.toolkit.id])).toEqual([
      ["actor-hr-assistant", "HR assistant", "toolkit-hr-records"],
      ["actor-leave-clerk", "Leave clerk", "toolkit-leave-desk"],
      ["actor-payroll-clerk", "Payroll clerk", "toolkit-payroll-desk"],
    ]);
    const clerk = actors.find((actor) => actor.id === "actor-leave-clerk")!;
    expect(clerk.toolkit.tools).toEqual(expect.arrayContaining([{ server: "hr", name: "get_employee" }]));
    expect(clerk.toolkit.tools).toEqual(expect.arrayContaining([{ server: "hr", name: "apply_leave" }]));
    const assistant = actors.find((actor) => actor.id === "actor-hr-assistant")!;
    expect(assistant.toolkit.tools.map((tool) => tool.name)).not.toContain("apply_leave");
    expect(actors.every((actor) => actor.persona.length > 100 && actor.model === null)).toBe(true);

    await prisma.actorProfile.delete({ where: { id: "actor-payroll-clerk" } });
    await seedDatabase({ mode: "demo", demoRoutines: true });
    expect(await prisma.actorProfile.count()).toBe(DEMO_ACTORS.length - 1);
    expect(await prisma.toolkit.count()).toBe(DEMO_TOOLKITS.length);
  });
});
