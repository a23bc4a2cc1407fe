import { gatewayError, type ToolErrorContext } from "./errors";
import { compileSchema, formatIssues, type SchemaIssue } from "./schema-compiler";
import type { GatewayTool } from "./types";

/**
 * Why a tool's schemas cannot be used, or `undefined` when both compile. Listing keeps such tools (marked),
 * calling them fails with `invalid_schema`.
 */
export function schemaProblem(tool: Pick<GatewayTool, "inputSchema" | "outputSchema">): string | undefined {
  const input = compileSchema(tool.inputSchema);
  if (!input.ok) return `input schema is not valid JSON Schema: ${input.error}`;
  if (tool.outputSchema !== undefined) {
    const output = compileSchema(tool.outputSchema);
    if (!output.ok) return `output schema is not valid JSON Schema: ${output.error}`;
  }
  return undefined;
}

/** The problems with `args` for this tool's input schema; empty when they are valid. */
export function argumentIssues(tool: Pick<GatewayTool, "inputSchema">, args: unknown): SchemaIssue[] {
  if (args === null || typeof args !== "object" || Array.isArray(args)) {
    return [{ path: "(arguments)", message: "must be an object" }];
  }
  const compiled = compileSchema(tool.inputSchema);
  if (!compiled.ok) return [{ path: "(schema)", message: compiled.error }];
  return compiled.validate(args) ? [] : formatIssues(compiled.validate.errors);
}

/**
 * Checks arguments before anything is sent. Throws `invalid_schema` when the tool's schema is unusable and
 * `invalid_arguments` (with `details: SchemaIssue[]`, message "employee_id: is required; …") when they do not fit.
 */
export function assertValidArguments(tool: GatewayTool, args: unknown, ctx: ToolErrorContext): void {
  if (tool.schemaError) {
    throw gatewayError("invalid_schema", ctx, `cannot be called: its ${tool.schemaError}`, {
      details: { schemaError: tool.schemaError },
    });
  }
  const issues = argumentIssues(tool, args);
  if (issues.length === 0) return;
  const summary = issues.map((issue) => `${issue.path}: ${issue.message}`).join("; ");
  throw gatewayError("invalid_arguments", ctx, `got invalid arguments (nothing was sent): ${summary}`, {
    details: issues,
  });
}
