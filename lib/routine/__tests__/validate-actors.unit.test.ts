import { describe, expect, it } from "vitest";
import type { ToolRef } from "../schema";
import { isValid, validateRoutine, type ActorLookupEntry } from "../validate";
import { leaveRoutine, routineStep, tools } from "./validate-factories";

// The routine's actor and sub-routine steps' actors: they exist, and the routine calls only its actor's toolkit.

const hr = (...names: string[]): ToolRef[] => names.map((name) => ({ server: "hr", name }));
const LEAVE_TOOLS = hr("get_leave_balance", "apply_leave", "send_email_notification");

const ACTORS: ActorLookupEntry[] = [
  { id: "leave-clerk", name: "Leave clerk", tools: LEAVE_TOOLS, toolkitName: "Leave desk" },
  { id: "hr-assistant", name: "HR assistant", tools: hr("get_leave_balance"), toolkitName: "HR records" },
];

/** The leave routine (three tool steps), working as `actorId`. */
const workingAs = (actorId: string | undefined) => ({ ...leaveRoutine(), actorId });

const codes = (actors: ActorLookupEntry[] | undefined, routine = workingAs("leave-clerk")) =>
  validateRoutine(routine, { tools, actors }).map((found) => found.code);

describe("actor rules", () => {
  it("accept a routine whose actor's toolkit holds every tool it calls, and one with no actor", () => {
    expect(validateRoutine(workingAs("leave-clerk"), { tools, actors: ACTORS })).toEqual([]);
    expect(validateRoutine(workingAs(undefined), { tools, actors: ACTORS })).toEqual([]);
  });

  it("check nothing about actors when the actors are not given", () => {
    expect(codes(undefined, workingAs("nobody"))).toEqual([]);
  });

  it("report an unknown routine actor at the routine's actorId, as an error", () => {
    const issues = validateRoutine(workingAs("nobody"), { tools, actors: ACTORS });
    expect(issues).toEqual([
      {
        path: ["actorId"],
        code: "unknown-actor",
        severity: "error",
        message: 'The routine works as the actor "nobody", which could not be found; choose another actor.',
      },
    ]);
    expect(isValid(issues)).toBe(false);
  });

  it("report each tool step outside the actor's toolkit, naming the tool and the toolkit", () => {
    const issues = validateRoutine(workingAs("hr-assistant"), { tools, actors: ACTORS });
    expect(issues.map((found) => [found.code, found.stepId, found.path])).toEqual([
      ["tool-outside-toolkit", "apply", ["steps", 3, "tool"]],
      ["tool-outside-toolkit", "notify", ["steps", 4, "tool"]],
    ]);
    expect(issues[0].message).toBe(
      'Step "Apply" calls "apply_leave", which is not in the toolkit "HR records", so the actor "HR assistant" may not call it. An admin adds it to the toolkit, or choose another actor.',
    );
    expect(isValid(issues)).toBe(false);
  });

  it("name the actor when the toolkit's name is not known", () => {
    const [found] = validateRoutine(workingAs("bare"), {
      tools,
      actors: [{ id: "bare", name: "Bare", tools: LEAVE_TOOLS.slice(0, 2) }],
    });
    expect(found.message).toContain('the toolkit of "Bare"');
  });

  it("report a sub-routine step's unknown actor at that step, and accept a known one", () => {
    const routine = workingAs("leave-clerk");
    routine.steps[4] = { ...routineStep("notify", "notify-employee"), actorId: "ghost" };
    expect(validateRoutine(routine, { tools, actors: ACTORS })).toEqual([
      expect.objectContaining({ code: "unknown-actor", stepId: "notify", path: ["steps", 4, "actorId"] }),
    ]);
    routine.steps[4] = { ...routineStep("notify", "notify-employee"), actorId: "hr-assistant" };
    expect(validateRoutine(routine, { tools, actors: ACTORS })).toEqual([]);
  });
});
