import type { ToolDefinition } from "../routine";

const MAX_TOOL_DESCRIPTION = 400;
const MAX_PARAM_DESCRIPTION = 200;
const MAX_ENUM_VALUES = 12;

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

type Property = { type?: unknown; description?: unknown; enum?: unknown; items?: { type?: unknown } };

function typeOf(property: Property): string {
  const type = Array.isArray(property.type)
    ? property.type.filter((part) => typeof part === "string").join(" | ")
    : typeof property.type === "string"
      ? property.type
      : "any";
  if (type === "array" && property.items && typeof property.items.type === "string")
    return `array of ${property.items.type}`;
  return type || "any";
}

function formatParam(name: string, property: Property, required: boolean): string {
  const parts = [typeOf(property)];
  if (required) parts.push("required");
  if (Array.isArray(property.enum) && property.enum.length > 0 && property.enum.length <= MAX_ENUM_VALUES) {
    parts.push(`one of ${property.enum.map((value) => JSON.stringify(value)).join(", ")}`);
  }
  const description =
    typeof property.description === "string" && property.description.trim()
      ? `: ${clip(property.description, MAX_PARAM_DESCRIPTION)}`
      : "";
  return `${name} (${parts.join(", ")})${description}`;
}

/**
 * The tool catalog as compact text for the prompt, one tool per block, sorted by server and name:
 *   - hr/get_leave_balance: Get an employee's remaining leave days…
 *     inputs: employee_id (string, required): Employee ID, e.g. "E1024".; year (integer): …
 * Shorter than the tools' JSON schemas (a third of the tokens for the demo catalog) and carries what the planner
 * needs: which tool exists, what it does, which parameters it takes and which are required.
 */
export function formatToolList(tools: readonly ToolDefinition[]): string {
  if (tools.length === 0) return "(No tools are registered: use skill, human, branch and end steps only.)";
  const sorted = [...tools].sort(
    (a, b) => a.server.localeCompare(b.server, "en") || a.name.localeCompare(b.name, "en"),
  );
  return sorted
    .map((tool) => {
      const properties = (tool.inputSchema?.properties ?? {}) as Record<string, Property>;
      const required = new Set(tool.inputSchema?.required ?? []);
      const names = Object.keys(properties);
      const header = `- ${tool.server}/${tool.name}: ${clip(tool.description || "(no description)", MAX_TOOL_DESCRIPTION)}`;
      const inputs =
        names.length === 0
          ? "  inputs: none"
          : `  inputs: ${names.map((name) => formatParam(name, properties[name], required.has(name))).join("; ")}`;
      return `${header}\n${inputs}`;
    })
    .join("\n");
}
