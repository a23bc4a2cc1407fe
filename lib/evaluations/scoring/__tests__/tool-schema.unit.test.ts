import { describe, expect, it } from "vitest";
import { DEMO_HR_TOOLS } from "../../../demo/hr-tools";
import { normalizeToolParameters, toolParameterProblems } from "../tool-schema";

const sendEmail = DEMO_HR_TOOLS.find((tool) => tool.name === "send_email_notification")!;

describe("normalizeToolParameters", () => {
  it("gives the demo's send_email_notification cc list the items OpenAI requires, changing nothing else", () => {
    expect(toolParameterProblems(sendEmail.inputSchema, "parameters")).toEqual([
      "parameters.properties.cc is an array without items.",
    ]);
    const parameters = normalizeToolParameters(sendEmail.inputSchema);
    expect(toolParameterProblems(parameters, "parameters")).toEqual([]);
    const original = sendEmail.inputSchema as { properties: Record<string, object>; required: string[] };
    expect(parameters).toEqual({
      ...original,
      type: "object",
      properties: { ...original.properties, cc: { ...original.properties.cc, items: {} } },
    });
    // The registry's definition is not changed in place.
    expect(original.properties.cc).not.toHaveProperty("items");
  });

  it("adds properties to objects and items to arrays at any depth, keeping what is there", () => {
    const parameters = normalizeToolParameters({
      properties: {
        filters: {
          type: "object",
          properties: { tags: { type: ["array", "null"] }, ids: { type: "array", items: { type: "integer" } } },
        },
        choice: { anyOf: [{ type: "array" }, { type: "string" }] },
        meta: { type: "object" },
      },
      $defs: { pair: { type: "array", prefixItems: [{ type: "string" }, { type: "number" }] } },
    });
    expect(parameters).toEqual({
      type: "object",
      properties: {
        filters: {
          type: "object",
          properties: {
            tags: { type: ["array", "null"], items: {} },
            ids: { type: "array", items: { type: "integer" } },
          },
        },
        choice: { anyOf: [{ type: "array", items: {} }, { type: "string" }] },
        meta: { type: "object", properties: {} },
      },
      $defs: { pair: { type: "array", prefixItems: [{ type: "string" }, { type: "number" }] } },
    });
    expect(toolParameterProblems(parameters, "p")).toEqual([]);
  });

  it("makes a function of a tool that declares no schema at all", () => {
    expect(normalizeToolParameters(undefined)).toEqual({ type: "object", properties: {} });
    expect(normalizeToolParameters({ type: "string" })).toEqual({ type: "object", properties: {} });
  });
});

describe("toolParameterProblems", () => {
  it("names what a trainer would refuse: no object, no properties, a bad property, number enums, missing items", () => {
    expect(toolParameterProblems({ type: "array" }, "t")).toEqual([
      't must be a JSON Schema object with type "object".',
    ]);
    expect(toolParameterProblems({ type: "object" }, "t")).toEqual(["t.properties must be an object."]);
    expect(
      toolParameterProblems(
        {
          type: "object",
          properties: {
            level: { type: "integer", enum: [1, 2] },
            note: "text",
            rows: { type: "object", properties: { cells: { type: "array" } } },
          },
        },
        "t",
      ),
    ).toEqual([
      "t.properties.level.enum must list text values.",
      "t.properties.note must be a schema object.",
      "t.properties.rows.properties.cells is an array without items.",
    ]);
  });
});
