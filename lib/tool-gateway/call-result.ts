import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { formatBytes, gatewayError, type ToolErrorContext } from "./errors";
import { compileSchema, formatIssues } from "./schema-compiler";
import type { GatewayTool, ToolCallResult } from "./types";

/**
 * Shapes a raw `tools/call` result for the app. The result is data: it is measured, checked against the tool's
 * output schema and passed on, never interpreted. Too large → `output_too_large` (and nothing is kept);
 * structured content that breaks the declared output schema → `protocol_error`.
 */
export function toCallResult(
  raw: CallToolResult,
  tool: GatewayTool,
  ctx: ToolErrorContext,
  limits: { maxOutputBytes: number; durationMs: number },
): ToolCallResult {
  const content = raw.content ?? [];
  const bytes = Buffer.byteLength(JSON.stringify({ content, structuredContent: raw.structuredContent }), "utf8");
  if (bytes > limits.maxOutputBytes) {
    throw gatewayError(
      "output_too_large",
      ctx,
      `returned ${formatBytes(bytes)}, over the ${formatBytes(limits.maxOutputBytes)} limit; the result was discarded.`,
      { details: { bytes, limit: limits.maxOutputBytes } },
    );
  }

  const isError = raw.isError === true;
  // Tool-level errors carry no structured content obligations (the SDK client makes the same exception).
  if (!isError && raw.structuredContent !== undefined && tool.outputSchema) {
    const compiled = compileSchema(tool.outputSchema);
    if (compiled.ok && !compiled.validate(raw.structuredContent)) {
      const issues = formatIssues(compiled.validate.errors).map((issue) => ({
        ...issue,
        path: issue.path.replace("(arguments)", "(result)"),
      }));
      throw gatewayError(
        "protocol_error",
        ctx,
        `returned structured content that breaks its output schema: ${issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`,
        { details: issues },
      );
    }
  }

  const text = content.flatMap((item) => (item.type === "text" ? [item.text] : [])).join("\n");
  const result: ToolCallResult = { content, text, isError, durationMs: Math.round(limits.durationMs), bytes };
  if (raw.structuredContent !== undefined) result.structuredContent = raw.structuredContent;
  return result;
}
