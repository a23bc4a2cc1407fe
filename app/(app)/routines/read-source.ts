import "server-only";
import type { SourceProblem } from "@/components/routines/library-types";
import { importRoutineJson } from "@/lib/routine/json";
import type { Routine, ToolRef } from "@/lib/routine/schema";
import { parseRoutineText } from "@/lib/routine/text-parse";
import { registryToolCatalog } from "@/lib/db";

export type SourceResult = { ok: true; routine: Routine; warnings: SourceProblem[] } | { ok: false; errors: SourceProblem[] };

/**
 * Reads pasted paper text or JSON into a Routine, or the problems that stop it, each at a line and column.
 * A tool named without its server ("using get_leave_balance tool") is looked up in the catalog.
 */
export async function readRoutineSource(kind: "text" | "json", text: string, name: string): Promise<SourceResult> {
  const options = { name: name || undefined, resolveTool: await catalogResolver() };
  return kind === "json" ? importRoutineJson(text, options) : parseRoutineText(text, options);
}

/** Finds a tool's server by its bare name when exactly one catalog tool has that name. */
async function catalogResolver(): Promise<(name: string) => ToolRef | undefined> {
  const tools = await registryToolCatalog.listTools();
  return (name) => {
    const matches = tools.filter((tool) => tool.name === name);
    return matches.length === 1 ? { server: matches[0].server, name } : undefined;
  };
}
