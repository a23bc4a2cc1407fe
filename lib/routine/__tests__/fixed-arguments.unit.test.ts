import { describe, expect, it } from "vitest";
import { checkFixedArguments, fixedArguments, fixedArgumentSource, leavesArgumentsToModel, sameJson } from "..";
import { humanStep, skillStep, toolStep } from "../testing/factories";

const email = toolStep({
  id: "mail",
  tool: { server: "hr", name: "send_email_notification" },
  inputs: {
    to: { from: "input", name: "employee_id" },
    cc: { from: "input", name: "cc" },
    subject: { from: "literal", value: { text: "Leave", tags: ["hr"] } },
    body: { from: "step", stepId: "draft", path: "text" },
  },
});

describe("the arguments a routine fixes", () => {
  it("are its literal and input bindings, with their values in this run", () => {
    expect(fixedArguments(email, { employee_id: "E1" })).toEqual([
      { name: "to", value: "E1", source: { from: "input", input: "employee_id" } },
      { name: "cc", value: undefined, source: { from: "input", input: "cc" } },
      { name: "subject", value: { text: "Leave", tags: ["hr"] }, source: { from: "literal" } },
    ]);
    expect(fixedArguments(humanStep(), {})).toEqual([]);
    expect(fixedArguments(skillStep({ inputs: { text: { from: "literal", value: "x" } } }), {})).toHaveLength(1);
  });

  it("tell a change, a value given for an input the run lacks, and an argument left out apart", () => {
    const fixed = fixedArguments(email, { employee_id: "E1" });
    const names = (list: { name: string }[]) => list.map((argument) => argument.name);
    const same = checkFixedArguments(fixed, { to: "E1", subject: { tags: ["hr"], text: "Leave" }, body: "any" });
    expect([names(same.changed), names(same.missing)]).toEqual([[], []]);
    const changed = checkFixedArguments(fixed, { to: "x@evil", cc: "x@evil", subject: { text: "Leave" } });
    expect(names(changed.changed)).toEqual(["to", "cc", "subject"]);
    expect(names(checkFixedArguments(fixed, { body: "any" }).missing)).toEqual(["to", "subject"]);
  });

  it("say where their value comes from", () => {
    const [to, cc, subject] = fixedArguments(email, { employee_id: "E1" });
    expect(fixedArgumentSource(to!)).toBe(`the run's input employee_id ("E1")`);
    expect(fixedArgumentSource(cc!)).toBe("the run's input cc, which this run was not given");
    expect(fixedArgumentSource(subject!)).toBe(`the literal value {"text":"Leave","tags":["hr"]}`);
  });

  it("leave the other parameters to the model only when the step asks the model for one", () => {
    expect(leavesArgumentsToModel(email)).toBe(false);
    expect(leavesArgumentsToModel(toolStep({ inputs: { days: { from: "model", hint: "" } } }))).toBe(true);
  });

  it("compare JSON deeply, keys in any order, arrays in order", () => {
    expect(sameJson({ a: [1, { b: 2, c: 3 }] }, { a: [1, { c: 3, b: 2 }] })).toBe(true);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameJson(1, "1")).toBe(false);
    expect(sameJson(null, {})).toBe(false);
  });
});
