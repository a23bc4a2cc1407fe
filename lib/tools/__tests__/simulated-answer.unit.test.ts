import Ajv from "ajv";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { simulatedToolAnswer } from "../simulated-answer";

const hr = (name: string, outputSchema?: unknown) => ({ server: "hr", name, outputSchema });
const ajv = addFormats(new Ajv({ strict: false }));
const fits = (schema: object, value: unknown) => ajv.validate(schema, value);

// The demo HR server's apply_leave output schema, as its snapshot stores it.
const APPLY_OUTPUT = {
  type: "object",
  properties: {
    leave_request_id: { type: "string" },
    status: { type: "string", enum: ["pending", "approved"] },
    days: { type: "number" },
    remaining_days_after: { type: ["number", "null"] },
  },
  required: ["leave_request_id", "status", "days", "remaining_days_after"],
};

describe("the evaluation sandbox's simulated answer", () => {
  it("says in its text that it is simulated and that nothing was changed", () => {
    const answer = simulatedToolAnswer(hr("update_employee_contact"), { employee_id: "E1024", phone: "+49 1" });
    expect(answer.text).toMatch(/^Simulated answer: hr\/update_employee_contact changes data/);
    expect(answer.text).toMatch(/nothing was changed/);
  });

  it("without an output schema, echoes the arguments, labelled", () => {
    expect(simulatedToolAnswer(hr("update_employee_contact"), { employee_id: "E1024" }).value).toEqual({
      employee_id: "E1024",
      simulated: true,
      note: expect.stringMatching(/Simulated answer/),
    });
    // The label cannot be overwritten by an argument of the same name.
    expect(simulatedToolAnswer(hr("x"), { simulated: false, note: "real" }).value).toMatchObject({
      simulated: true,
      note: expect.stringMatching(/Simulated answer/),
    });
  });

  it("fits the tool's output schema, labelled, so later steps can bind its fields", () => {
    const { value } = simulatedToolAnswer(hr("apply_leave", APPLY_OUTPUT), { employee_id: "E1024", days: 3 });
    expect(fits(APPLY_OUTPUT, value)).toBe(true);
    expect(value).toEqual({
      leave_request_id: "simulated",
      status: "pending",
      days: 3,
      remaining_days_after: 0,
      simulated: true,
      note: expect.stringMatching(/nothing was changed/),
    });
  });

  it("leaves the label out of the value when the schema allows no extra field, and still fits it", () => {
    const closed = { ...APPLY_OUTPUT, additionalProperties: false };
    const answer = simulatedToolAnswer(hr("apply_leave", closed), {});
    expect(fits(closed, answer.value)).toBe(true);
    expect(answer.value).not.toHaveProperty("simulated");
    expect(answer.text).toMatch(/^Simulated answer/);
  });

  it("fits nested objects, arrays with minItems, formats, bounds, const, anyOf and allOf", () => {
    const schema = {
      type: "object",
      properties: {
        id: { type: "string", minLength: 12, maxLength: 20 },
        code: { type: "string", maxLength: 3 },
        when: { type: "string", format: "date" },
        count: { type: "integer", minimum: 5, maximum: 9 },
        ratio: { type: "number", exclusiveMaximum: -1 },
        kind: { const: "leave" },
        done: { type: "boolean" },
        tags: { type: "array", items: { type: "string", enum: ["a", "b"] }, minItems: 2 },
        owner: {
          type: "object",
          properties: { name: { type: "string" }, manager: { anyOf: [{ type: "null" }, { type: "string" }] } },
          required: ["name"],
        },
        both: {
          allOf: [
            { type: "object", properties: { a: { type: "integer" } }, required: ["a"] },
            { properties: { b: { type: "boolean" } }, required: ["b"] },
          ],
        },
      },
      required: ["id", "code", "when", "count", "ratio", "kind", "done", "tags", "owner", "both"],
    };
    const { value } = simulatedToolAnswer(hr("complex", schema), { count: 42, done: true });
    expect(fits(schema, value)).toBe(true);
    expect(value).toMatchObject({ when: "2000-01-01", count: 5, kind: "leave", done: true, tags: ["a", "a"] });
  });

  it("does not take an argument that would break the schema", () => {
    const schema = {
      type: "object",
      properties: { status: { type: "string", enum: ["pending"] }, days: { type: "integer", maximum: 5 } },
      required: ["status", "days"],
    };
    const { value } = simulatedToolAnswer(hr("apply", schema), { status: "booked", days: 12 });
    expect(value).toMatchObject({ status: "pending", days: 0 });
    expect(fits(schema, value)).toBe(true);
  });
});
