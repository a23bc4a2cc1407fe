import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import type { ToolDefinition } from "../../routine";

const ajv = new Ajv({ allErrors: true, strict: false });
const compiled = new WeakMap<ToolDefinition, ValidateFunction>();

/**
 * Checks call arguments against the tool's input schema and also refuses argument names the schema does not
 * declare: the schemas leave `additionalProperties` open, but a misspelt parameter silently ignored would make a
 * step do something other than intended. Returns one readable message listing every problem, or null when fine.
 */
export function argumentProblems(tool: ToolDefinition, args: Record<string, unknown>): string | null {
  let validate = compiled.get(tool);
  if (!validate) {
    validate = ajv.compile(tool.inputSchema);
    compiled.set(tool, validate);
  }
  const properties = tool.inputSchema.properties ?? {};
  const problems = Object.keys(args)
    .filter((name) => !(name in properties))
    .map((name) => `unknown argument "${name}" (${tool.name} takes: ${Object.keys(properties).join(", ")})`);
  if (!validate(args)) problems.push(...(validate.errors ?? []).map((error) => describe(error, tool, args)));
  return problems.length ? `Invalid arguments for ${tool.name}: ${problems.join("; ")}.` : null;
}

function describe(error: ErrorObject, tool: ToolDefinition, args: Record<string, unknown>): string {
  const properties = tool.inputSchema.properties ?? {};
  if (error.keyword === "required") {
    const missing = String(error.params.missingProperty);
    const hint = properties[missing]?.description;
    return `missing required argument "${missing}"${hint ? ` (${hint.replace(/\.$/, "")})` : ""}`;
  }
  const path = error.instancePath.replace(/^\//, "").replace(/\//g, ".");
  const top = path.split(".")[0];
  const value = top ? args[top] : args;
  return `${path ? `argument "${path}"` : "arguments"} ${error.message ?? "is invalid"}${top ? ` (got ${JSON.stringify(value)})` : ""}`;
}
