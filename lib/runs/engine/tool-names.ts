import type { ToolRef } from "../../routine";

/** Function names the Chat Completions API accepts. */
const SAFE = /^[A-Za-z0-9_-]{1,64}$/;

export type ToolNames = {
  /** The function name the model sees for a tool of the allowlist. */
  nameOf(tool: ToolRef): string;
  /** The allowlisted tool a function name stands for, or undefined for a name outside the allowlist. */
  toolOf(name: string): ToolRef | undefined;
};

const keyOf = (tool: ToolRef) => `${tool.server}/${tool.name}`;

/**
 * Maps the routine's allowlist to function names: a tool keeps its own name when that is a valid function name and
 * no other allowlisted tool has it (the paper's routines say "using get_leave_balance tool"); otherwise it becomes
 * `server__name` with unsafe characters replaced, numbered if that still collides.
 */
export function toolNames(allowlist: readonly ToolRef[]): ToolNames {
  const counts = new Map<string, number>();
  for (const tool of allowlist) counts.set(tool.name, (counts.get(tool.name) ?? 0) + 1);
  const byKey = new Map<string, string>();
  const byName = new Map<string, ToolRef>();
  for (const tool of allowlist) {
    if (byKey.has(keyOf(tool))) continue;
    const base =
      SAFE.test(tool.name) && counts.get(tool.name) === 1
        ? tool.name
        : `${tool.server}__${tool.name}`.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 60);
    let name = base;
    for (let n = 2; byName.has(name); n++) name = `${base.slice(0, 60)}_${n}`;
    byKey.set(keyOf(tool), name);
    byName.set(name, tool);
  }
  return {
    nameOf: (tool) => byKey.get(keyOf(tool)) ?? tool.name,
    toolOf: (name) => byName.get(name),
  };
}
