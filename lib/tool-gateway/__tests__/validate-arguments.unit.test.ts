import { describe, expect, it } from "vitest";
import { ToolGatewayError } from "../errors";
import type { GatewayTool } from "../types";
import { argumentIssues, assertValidArguments, schemaProblem } from "../validate-arguments";

const makeTool = (inputSchema: GatewayTool["inputSchema"], extra: Partial<GatewayTool> = {}): GatewayTool => ({
  server: "HR",
  name: "request_leave",
  description: "",
  inputSchema,
  ...extra,
});

const leave = makeTool({
  type: "object",
  properties: {
    employee_id: { type: "string" },
    days: { type: "number", minimum: 0.5 },
    kind: { type: "string", enum: ["annual", "sick"] },
    period: {
      type: "object",
      properties: { from: { type: "string", format: "date" }, to: { type: "string", format: "date" } },
      required: ["from"],
    },
    tags: { type: "array", items: { type: "string" } },
  },
  required: ["employee_id", "days"],
  additionalProperties: false,
});

const ctx = { server: "HR", tool: "request_leave" };

describe("argumentIssues", () => {
  it("accepts valid arguments", () => {
    expect(
      argumentIssues(leave, { employee_id: "E1", days: 2, kind: "sick", period: { from: "2026-01-02" }, tags: ["a"] }),
    ).toEqual([]);
  });

  it("names missing required properties", () => {
    expect(argumentIssues(leave, {})).toEqual([
      { path: "employee_id", message: "is required" },
      { path: "days", message: "is required" },
    ]);
  });

  it("reports wrong types, enums, formats and nested paths", () => {
    const issues = argumentIssues(leave, {
      employee_id: 7,
      days: "two",
      kind: "holiday",
      period: { to: "soon" },
      tags: ["ok", 3],
    });
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: "employee_id", message: "must be string" },
        { path: "days", message: "must be number" },
        { path: "kind", message: 'must be one of: "annual", "sick"' },
        { path: "period.from", message: "is required" },
        { path: "period.to", message: 'must match format "date"' },
        { path: "tags[1]", message: "must be string" },
      ]),
    );
  });

  it("rejects unknown properties when the schema closes the object", () => {
    expect(argumentIssues(leave, { employee_id: "E1", days: 1, extra: true })).toEqual([
      { path: "extra", message: "is not an allowed property" },
    ]);
  });

  it("requires an object", () => {
    expect(argumentIssues(leave, null)).toEqual([{ path: "(arguments)", message: "must be an object" }]);
    expect(argumentIssues(leave, [1])).toEqual([{ path: "(arguments)", message: "must be an object" }]);
  });

  it("reads 2020-12 schemas with their own keywords", () => {
    const tuple = makeTool({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      properties: { point: { type: "array", prefixItems: [{ type: "number" }, { type: "number" }], items: false } },
      $defs: { unused: { type: "string" } },
      required: ["point"],
    });
    expect(argumentIssues(tuple, { point: [1, 2] })).toEqual([]);
    expect(argumentIssues(tuple, { point: [1, "2"] })).toEqual([{ path: "point[1]", message: "must be number" }]);
    expect(argumentIssues(tuple, { point: [1, 2, 3] }).length).toBe(1);
  });

  it("reads draft-07 tuple schemas and tolerates unknown $schema dialects and $id reuse", () => {
    const draft07 = makeTool({
      $schema: "http://json-schema.org/draft-07/schema#",
      $id: "urn:x",
      type: "object",
      properties: { p: { type: "array", items: [{ type: "string" }] } },
    });
    const draft04 = makeTool({
      $schema: "http://json-schema.org/draft-04/schema#",
      $id: "urn:x",
      type: "object",
      properties: { n: { type: "integer" } },
    });
    expect(argumentIssues(draft07, { p: [1] })).toEqual([{ path: "p[0]", message: "must be string" }]);
    expect(argumentIssues(draft04, { n: 1.5 })).toEqual([{ path: "n", message: "must be integer" }]);
  });
});

describe("schemaProblem", () => {
  it("flags a schema that is not valid JSON Schema, input or output", () => {
    expect(schemaProblem(makeTool({ type: "object", properties: { x: { type: "strnig" } } }))).toMatch(
      /^input schema is not valid JSON Schema/,
    );
    expect(
      schemaProblem(
        makeTool({ type: "object" }, { outputSchema: { type: "object", required: "celsius" as unknown as string[] } }),
      ),
    ).toMatch(/^output schema/);
    expect(schemaProblem(leave)).toBeUndefined();
  });
});

describe("assertValidArguments", () => {
  it("throws invalid_arguments with readable issues", () => {
    let error: unknown;
    try {
      assertValidArguments(leave, { days: 1 }, ctx);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ToolGatewayError);
    expect(error).toMatchObject({
      code: "invalid_arguments",
      retryable: false,
      details: [{ path: "employee_id", message: "is required" }],
    });
    expect((error as Error).message).toBe(
      'Tool "request_leave" on server "HR" got invalid arguments (nothing was sent): employee_id: is required',
    );
  });

  it("throws invalid_schema for a tool marked with a schema error", () => {
    const broken = makeTool({ type: "object" }, { schemaError: "input schema is not valid JSON Schema: bad" });
    expect(() => assertValidArguments(broken, {}, ctx)).toThrow(expect.objectContaining({ code: "invalid_schema" }));
  });
});
