import { describe, expect, it } from "vitest";
import { parseEditedInput } from "../edit-input";

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
