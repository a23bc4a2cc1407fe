import { describe, expect, it } from "vitest";
import { carryActors, parseRoutineText, renderRoutineText, routineSchema, type Routine } from "..";

const withActors: Routine = routineSchema.parse({
  schemaVersion: 2,
  id: "leave",
  name: "Leave",
  actorId: "actor-leave-clerk",
  steps: [
    { id: "s1", kind: "routine", name: "Check payroll", routineId: "payroll", actorId: "actor-payroll-clerk" },
    { id: "s2", kind: "end", name: "Done" },
  ],
  edges: [{ id: "e1", source: "s1", target: "s2" }],
});

describe("carryActors", () => {
  it("keeps the routine's and each sub-routine step's actor through the paper text form, which has none", () => {
    const parsed = parseRoutineText(renderRoutineText(withActors), { id: "leave", name: "Leave" });
    if (!parsed.ok) throw new Error(parsed.errors.map((error) => error.message).join("; "));
    expect(parsed.routine.actorId).toBeUndefined();
    const carried = carryActors(withActors, parsed.routine);
    expect(carried.actorId).toBe("actor-leave-clerk");
    const step = carried.steps.find((candidate) => candidate.kind === "routine");
    expect(step).toMatchObject({ kind: "routine", actorId: "actor-payroll-clerk" });
  });

  it("keeps the default run mode through the paper text form, which has none", () => {
    const agent: Routine = { ...withActors, defaultMode: "agent" };
    const parsed = parseRoutineText(renderRoutineText(agent), { id: "leave", name: "Leave" });
    if (!parsed.ok) throw new Error(parsed.errors.map((error) => error.message).join("; "));
    expect(parsed.routine.defaultMode).toBeUndefined();
    expect(carryActors(agent, parsed.routine).defaultMode).toBe("agent");
  });

  it("lets the new routine's own actor stand", () => {
    const next = { ...withActors, actorId: "actor-hr-assistant" };
    expect(carryActors(withActors, next).actorId).toBe("actor-hr-assistant");
  });
});
