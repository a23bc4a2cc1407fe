import Ajv2020 from "ajv/dist/2020";
import { describe, expect, it } from "vitest";
import { lookupFromList, validateRoutine } from "../../routine";
import { PLANNER_RESPONSE_FORMAT, PLANNER_RESPONSE_SCHEMA, toRoutine } from "../output-schema";
import { parsePlannerAnswer } from "../parse";
import { PLANNER_SYSTEM_PROMPT } from "../system-prompt";
import { TOOLS, validAnswer } from "./support";

describe("reading the planner's answer", () => {
  it("turns a valid answer into a Routine: our id and schema version, unique edge ids, no positions", () => {
    const parsed = parsePlannerAnswer(JSON.stringify(validAnswer()));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed));
    const routine = toRoutine(parsed.output, "r-42");
    expect(routine).toMatchObject({ schemaVersion: 2, id: "r-42", name: "Apply for leave" });
    expect(routine.steps.map((step) => step.id)).toEqual(["check_balance", "enough", "apply", "explain", "done"]);
    expect(routine.steps.every((step) => step.position === undefined)).toBe(true);
    expect(routine.edges.map((edge) => edge.id)).toEqual([
      "check_balance-enough",
      "enough-apply",
      "enough-explain",
      "e-apply",
      "explain-done",
    ]);
    expect(
      validateRoutine(routine, { tools: lookupFromList(TOOLS) }).filter((issue) => issue.severity === "error"),
    ).toEqual([]);
    expect(parsed.output.rationale.summary).toMatch(/Split the check/);
  });

  it("calls prose, empty answers, cut-off JSON and several code blocks not JSON", () => {
    expect(parsePlannerAnswer("Sure! Here is an optimized routine: first check the balance, then apply.")).toEqual({
      ok: false,
      kind: "not_json",
      detail: "the answer is text, not JSON",
    });
    expect(parsePlannerAnswer(null)).toMatchObject({ ok: false, kind: "not_json", detail: "the answer was empty" });
    expect(parsePlannerAnswer("   ")).toMatchObject({ ok: false, kind: "not_json" });
    expect(parsePlannerAnswer(JSON.stringify(validAnswer()).slice(0, 200))).toMatchObject({
      ok: false,
      kind: "not_json",
      detail: "the answer is not valid JSON",
    });
    const block = "```json\n{}\n```";
    expect(parsePlannerAnswer(`${block}\nand\n${block}`)).toMatchObject({ ok: false, kind: "not_json" });
  });

  it("unwraps one fenced json block", () => {
    const fenced = `Here you go:\n\`\`\`json\n${JSON.stringify(validAnswer(), null, 2)}\n\`\`\`\n`;
    expect(parsePlannerAnswer(fenced)).toMatchObject({ ok: true, output: { routine: { name: "Apply for leave" } } });
  });

  it("lists schema problems with their place in the answer and the step they are in", () => {
    const answer = validAnswer();
    const broken = {
      ...answer,
      routine: {
        ...answer.routine,
        steps: [
          { ...answer.routine.steps[0], tool: undefined },
          { ...answer.routine.steps[1], id: "bad id!" },
          ...answer.routine.steps.slice(2),
        ],
      },
    };
    const parsed = parsePlannerAnswer(JSON.stringify(broken));
    expect(parsed.ok).toBe(false);
    if (parsed.ok || parsed.kind !== "schema") throw new Error("expected schema problems");
    expect(parsed.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: "routine.steps[0].tool", stepId: "check_balance" }),
        expect.objectContaining({
          path: "routine.steps[1].id",
          stepId: "bad id!",
          message: expect.stringMatching(/letters, digits/),
        }),
      ]),
    );
    expect(parsePlannerAnswer("[1, 2]")).toMatchObject({ ok: false, kind: "schema", problems: [{ path: "(answer)" }] });
  });

  it("sends a JSON Schema, not strict, that accepts what zod accepts", () => {
    expect(PLANNER_RESPONSE_FORMAT).toMatchObject({ name: "planned_routine", strict: false });
    expect(PLANNER_RESPONSE_SCHEMA).not.toHaveProperty("$schema");
    expect(PLANNER_RESPONSE_SCHEMA).toMatchObject({ type: "object", required: expect.arrayContaining(["routine"]) });
    const validate = new Ajv2020({ strict: false }).compile(PLANNER_RESPONSE_SCHEMA);
    expect(validate(validAnswer())).toBe(true);
    expect(validate({ routine: { name: "x", steps: [{ id: "a", kind: "teleport", name: "A" }], edges: [] } })).toBe(
      false,
    );
  });

  it("the example in the system prompt is a valid answer for the demo tools", () => {
    const example = PLANNER_SYSTEM_PROMPT.split("\n").find((line) => line.startsWith('{"routine"'));
    const parsed = parsePlannerAnswer(example ?? "");
    if (!parsed.ok) throw new Error(JSON.stringify(parsed));
    const issues = validateRoutine(toRoutine(parsed.output, "example"), { tools: lookupFromList(TOOLS) });
    expect(issues.filter((issue) => issue.severity === "error")).toEqual([]);
  });
});
