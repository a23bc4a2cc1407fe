import "server-only";
import type { SourceProblem } from "@/components/routines/library-types";
import { importRoutineJson, parseRoutineText, type Routine, type ToolDefinition, type ToolRef } from "@/lib/routine";
import type { Viewer } from "@/lib/access";
import { registryToolCatalog } from "@/lib/db/tools";

export type SourceResult =
  { ok: true; routine: Routine; warnings: SourceProblem[] } | { ok: false; errors: SourceProblem[] };

/**
 * Reads pasted paper text or JSON into a Routine, or the problems that stop it, each at a line and column.
 * A tool named without its server ("using get_leave_balance tool") is looked up in the catalog.
 */
export async function readRoutineSource(
  viewer: Viewer,
  kind: "text" | "json",
  text: string,
  name: string,
): Promise<SourceResult> {
  const tools = await registryToolCatalog(viewer).listTools();
  const options = { name: name || undefined, resolveTool: catalogResolver(tools) };
  // Paper text is read against the catalog: input words bind the tool parameters they name (see ParseOptions.tools).
  return kind === "json" ? importRoutineJson(text, options) : parseRoutineText(text, { ...options, tools });
}

/** Finds a tool's server by its bare name when exactly one catalog tool has that name. */
function catalogResolver(tools: readonly ToolDefinition[]): (name: string) => ToolRef | undefined {
  return (name) => {
    const matches = tools.filter((tool) => tool.name === name);
    return matches.length === 1 ? { server: matches[0].server, name } : undefined;
  };
}
