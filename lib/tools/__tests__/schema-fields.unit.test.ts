import { describe, expect, it } from "vitest";
import { argumentsFromForm, schemaFields } from "../schema-fields";

const schema = {
  type: "object",
  properties: {
    query: { type: "string", description: "Text to match." },
    limit: { type: "integer", description: "Max results.", default: 10 },
    ratio: { type: ["number", "null"] },
    leave_type: { type: "string", enum: ["annual", "sick"] },
    include_inactive: { type: "boolean" },
    tags: { type: "array", items: { type: "string" } },
    filter: { type: "object" },
  },
  required: ["leave_type", "query"],
};

describe("schema fields", () => {
  it("lists required parameters first with readable types", () => {
    const fields = schemaFields(schema);
    expect(fields.map((field) => [field.name, field.kind, field.typeLabel, field.required])).toEqual([
      ["query", "string", "string", true],
      ["leave_type", "enum", "one of: annual, sick", true],
      ["limit", "integer", "integer", false],
      ["ratio", "number", "number", false],
      ["include_inactive", "boolean", "boolean", false],
      ["tags", "json", "array of string", false],
      ["filter", "json", "object", false],
    ]);
    expect(fields.find((field) => field.name === "limit")?.defaultValue).toBe(10);
  });

  it("reads schemas without properties as no fields", () => {
    expect(schemaFields({ type: "object" })).toEqual([]);
    expect(schemaFields("not a schema")).toEqual([]);
  });

  it("types what was typed, leaving out empty optional fields", () => {
    const fields = schemaFields(schema);
    expect(
      argumentsFromForm(fields, {
        query: " Ada ",
        leave_type: "sick",
        limit: "5",
        tags: '["x"]',
        include_inactive: "on",
        ratio: "",
      }),
    ).toEqual({
      ok: true,
      args: { query: "Ada", leave_type: "sick", limit: 5, tags: ["x"], include_inactive: true },
    });
  });

  it("reports missing required values, bad numbers and bad JSON per field", () => {
    const result = argumentsFromForm(schemaFields(schema), {
      query: "",
      leave_type: "annual",
      limit: "2.5",
      filter: "{oops",
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        query: "query is required.",
        limit: "limit must be a whole number.",
        filter: 'filter must be JSON (object), e.g. {"key": "value"}.',
      },
    });
  });
});
