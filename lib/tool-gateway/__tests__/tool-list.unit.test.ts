import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "@/lib/routine";
import { toGatewayTool } from "../tool-list";
import type { GatewayTool } from "../types";

describe("toGatewayTool", () => {
  it("keeps what the server gave, including output schema and annotations", () => {
    const tool = toGatewayTool(
      {
        name: "get_weather",
        title: "Weather",
        description: "Current weather",
        inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
        outputSchema: { type: "object", properties: { celsius: { type: "number" } } },
        annotations: { readOnlyHint: true },
      },
      "Weather server",
    );
    expect(tool).toEqual({
      server: "Weather server",
      name: "get_weather",
      title: "Weather",
      description: "Current weather",
      inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
      outputSchema: { type: "object", properties: { celsius: { type: "number" } } },
      annotations: { readOnlyHint: true },
    });
  });

  it("marks a tool whose definition breaks the MCP schema instead of dropping it", () => {
    const tool = toGatewayTool({ name: "odd", inputSchema: { type: "array" } }, "S");
    expect(tool).toMatchObject({ name: "odd", description: "", inputSchema: { type: "array" } });
    expect(tool?.schemaError).toMatch(/breaks the MCP schema at inputSchema\.type/);
  });

  it("marks a tool whose input schema is not valid JSON Schema", () => {
    const tool = toGatewayTool(
      { name: "bad", inputSchema: { type: "object", properties: { x: { type: "strnig" } } } },
      "S",
    );
    expect(tool?.schemaError).toMatch(/^input schema is not valid JSON Schema/);
  });

  it("drops entries without a name", () => {
    expect(toGatewayTool({ description: "anonymous" }, "S")).toBeNull();
    expect(toGatewayTool("echo", "S")).toBeNull();
  });

  it("is assignable to the routine model's ToolDefinition", () => {
    const tool: GatewayTool = {
      server: "S",
      name: "t",
      description: "",
      inputSchema: { type: "object", properties: { a: { type: "string" } } },
    };
    const definition: ToolDefinition = tool;
    expect(definition.name).toBe("t");
  });
});
