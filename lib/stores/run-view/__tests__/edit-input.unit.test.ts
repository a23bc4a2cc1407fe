import { describe, expect, it } from "vitest";
import { toolStep } from "../../../routine/testing/factories";
import { parseEditedInput, rerunFormOf, rerunInputOf } from "../edit-input";

describe("an edited step input", () => {
  it("accepts a JSON object and says what is wrong with anything else", () => {
    expect(parseEditedInput(' { "employee_id": "E-1", "days": 2 } ')).toEqual({
      ok: true,
      value: { employee_id: "E-1", days: 2 },
    });
    expect(parseEditedInput('{ "employee_id": ')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^This is not valid JSON/),
    });
    for (const text of ["[]", "null", '"E-1"', "42"])
      expect(parseEditedInput(text)).toMatchObject({ ok: false, message: expect.stringMatching(/JSON object/) });
  });
});

describe("the re-run form of a step", () => {
  const step = toolStep({
    id: "mail",
    tool: { server: "hr", name: "send_email_notification" },
    inputs: {
      to: { from: "input", name: "employee_id" },
      cc: { from: "input", name: "cc" },
      subject: { from: "literal", value: "Your leave" },
      body: { from: "step", stepId: "draft", path: "text" },
    },
  });

  it("shows the arguments the routine fixes apart, and lets the rest be edited", () => {
    const form = rerunFormOf(step, { employee_id: "E1" }, { to: "E1", subject: "Your leave", body: "Hi" });
    expect(form.editable).toEqual({ body: "Hi" });
    expect(form.fixed).toEqual([
      { name: "to", value: "E1", why: "The run's input employee_id." },
      { name: "cc", value: undefined, why: "The run's input cc, which this run was not given: it stays out." },
      { name: "subject", value: "Your leave", why: "A value written in the routine." },
    ]);
    expect(rerunFormOf(step, {}, null).editable).toEqual({});
  });

  it("sends the fixed arguments as the routine has them, and what the operator wrote over them", () => {
    const { fixed } = rerunFormOf(step, { employee_id: "E1" }, {});
    expect(rerunInputOf(fixed, { body: "Hello" })).toEqual({ to: "E1", subject: "Your leave", body: "Hello" });
    // A fixed argument typed into the editor is sent as typed, for the server to refuse with its reason.
    expect(rerunInputOf(fixed, { to: "x@evil" })).toMatchObject({ to: "x@evil" });
  });
});
