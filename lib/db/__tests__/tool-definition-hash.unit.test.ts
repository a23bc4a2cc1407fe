import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../tools";
import { toolDefinitionHash } from "../tools";

const leaveBalance = {
  description: "Get an employee's leave balance.",
  inputSchema: {
    type: "object",
    properties: { employee_id: { type: "string" }, year: { type: "integer" } },
    required: ["employee_id"],
  },
};

describe("tool snapshot hashing", () => {
  it("ignores key order at every level", () => {
    const reordered = {
      inputSchema: {
        required: ["employee_id"],
        properties: { year: { type: "integer" }, employee_id: { type: "string" } },
        type: "object",
      },
      description: "Get an employee's leave balance.",
    };
    expect(canonicalJson(reordered)).toBe(canonicalJson(leaveBalance));
    expect(toolDefinitionHash(reordered)).toBe(toolDefinitionHash(leaveBalance));
  });

  it("changes when a parameter, the required list, the description or the output schema changes", () => {
    const base = toolDefinitionHash(leaveBalance);
    const variants = [
      { ...leaveBalance, description: "Get leave." },
      { ...leaveBalance, inputSchema: { ...leaveBalance.inputSchema, required: ["employee_id", "year"] } },
      {
        ...leaveBalance,
        inputSchema: {
          ...leaveBalance.inputSchema,
          properties: { employee_id: { type: "integer" }, year: { type: "integer" } },
        },
      },
      { ...leaveBalance, outputSchema: { type: "object" } },
      { ...leaveBalance, annotations: { destructiveHint: true } },
    ];
    const hashes = variants.map(toolDefinitionHash);
    expect(new Set([base, ...hashes]).size).toBe(variants.length + 1);
  });

  it("keeps array order meaningful and ignores fields it does not pin", () => {
    const swapped = {
      ...leaveBalance,
      inputSchema: { ...leaveBalance.inputSchema, required: ["year", "employee_id"] },
    };
    expect(toolDefinitionHash(swapped)).not.toBe(
      toolDefinitionHash({
        ...leaveBalance,
        inputSchema: { ...leaveBalance.inputSchema, required: ["employee_id", "year"] },
      }),
    );
    expect(toolDefinitionHash({ ...leaveBalance, icons: [{ src: "x.png" }] } as typeof leaveBalance)).toBe(
      toolDefinitionHash(leaveBalance),
    );
    expect(toolDefinitionHash(leaveBalance)).toMatch(/^sha256:[0-9a-f]{64}$/);
  });
});
