import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatPath, migrateRoutine } from "./migrate";
import { ROUTINE_SCHEMA_VERSION, type Binding, type Routine } from "./schema";
import { arbitraryRoutine } from "./testing/arbitrary";
import { makeRoutine } from "./testing/factories";

/** The routine as the first draft (schema version 1) stored it. */
function toV1(routine: Routine, options: { bareDefaultTools: boolean; withVersion: boolean }): Record<string, unknown> {
  const { schemaVersion: _version, ...rest } = JSON.parse(JSON.stringify(routine)) as Routine;
  const binding = (value: Binding) => {
    if (value.from === "model") return { source: "ask", question: value.hint };
    const { from, ...fields } = value;
    return { source: from, ...fields };
  };
  const steps = rest.steps.map((step) => {
    const out: Record<string, unknown> = { ...step };
    if (step.kind === "tool") {
      out.tool =
        options.bareDefaultTools && step.tool.server === "default" && !step.tool.name.includes("/")
          ? step.tool.name
          : `${step.tool.server}/${step.tool.name}`;
    }
    if ("inputs" in step)
      out.inputs = Object.fromEntries(Object.entries(step.inputs).map(([name, value]) => [name, binding(value)]));
    return out;
  });
  return { ...(options.withVersion ? { schemaVersion: 1 } : {}), ...rest, steps };
}

describe("migrateRoutine", () => {
  it("reads the current version as is", () => {
    const routine = makeRoutine();
    expect(migrateRoutine(JSON.parse(JSON.stringify(routine)))).toEqual({ ok: true, routine });
  });

  it("upgrades a version 1 routine: tool strings and source/ask/question bindings", () => {
    const v1 = {
      id: "r",
      name: "R",
      steps: [
        {
          id: "a",
          kind: "tool",
          name: "A",
          tool: "hr/get_leave_balance",
          inputs: {
            who: { source: "input", name: "employee_id" },
            why: { source: "ask", question: "the reason" },
            n: { source: "literal", value: 3 },
          },
        },
        {
          id: "b",
          kind: "tool",
          name: "B",
          tool: "notify",
          inputs: { x: { source: "ask" }, y: { source: "step", stepId: "a", path: "balance.days" } },
        },
      ],
      edges: [{ id: "e", source: "a", target: "b" }],
    };
    const result = migrateRoutine(v1);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.migratedFrom).toBe(1);
    expect(result.routine.steps[0]).toMatchObject({
      tool: { server: "hr", name: "get_leave_balance" },
      inputs: {
        who: { from: "input", name: "employee_id" },
        why: { from: "model", hint: "the reason" },
        n: { from: "literal", value: 3 },
      },
    });
    expect(result.routine.steps[1]).toMatchObject({
      tool: { server: "default", name: "notify" },
      inputs: { x: { from: "model", hint: "" }, y: { from: "step", stepId: "a", path: "balance.days" } },
    });
    expect(v1.steps[0].tool).toBe("hr/get_leave_balance");
  });

  it("gives back every generated routine from its version 1 form, with or without schemaVersion", () => {
    fc.assert(
      fc.property(
        arbitraryRoutine({ maxSteps: 8 }),
        fc.boolean(),
        fc.boolean(),
        (routine, bareDefaultTools, withVersion) => {
          const result = migrateRoutine(toV1(routine, { bareDefaultTools, withVersion }));
          expect(result).toEqual({ ok: true, routine, migratedFrom: 1 });
        },
      ),
      { numRuns: 150 },
    );
  });

  it("refuses a newer version, saying so", () => {
    expect(migrateRoutine({ ...makeRoutine(), schemaVersion: ROUTINE_SCHEMA_VERSION + 1 })).toEqual({
      ok: false,
      errors: [
        {
          path: "schemaVersion",
          at: ["schemaVersion"],
          message: `This routine was made by a newer Routine Studio (schema version 3); this one reads up to version 2. Update Routine Studio to open it.`,
        },
      ],
    });
  });

  it.each([
    ["not an object", [], "(routine)", /JSON object/],
    ["a broken version", { schemaVersion: "2" }, "schemaVersion", /whole number/],
    ["a version below 1", { schemaVersion: 0 }, "schemaVersion", /whole number/],
  ])("refuses %s", (_what, raw, path, message) => {
    const result = migrateRoutine(raw);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors[0].path).toBe(path);
    expect(!result.ok && result.errors[0].message).toMatch(message);
  });

  it("reports schema problems with readable paths", () => {
    const result = migrateRoutine({
      ...makeRoutine(),
      steps: [
        {
          id: "a",
          kind: "tool",
          name: "A",
          tool: { server: "hr", name: "x" },
          inputs: { "bad name": { from: "input", name: "x" } },
        },
      ],
    });
    expect(!result.ok && result.errors.map((issue) => issue.path)).toEqual(['steps[0].inputs["bad name"]']);
  });

  it("formats paths", () => {
    expect(formatPath(["steps", 2, "inputs", "employee id", "from"])).toBe('steps[2].inputs["employee id"].from');
    expect(formatPath([])).toBe("(routine)");
  });
});
