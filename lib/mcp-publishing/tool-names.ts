/**
 * MCP tool names for published routines. MCP allows 1–128 characters of `A-Z a-z 0-9 _ - .` (specification
 * 2025-11-25, "Tool names"); clients show them to models, so they read like the routine's name in snake_case.
 */

/** The name of the one tool that is no routine: it lets procedure memory pick the routine for a request. */
export const RUN_BY_REQUEST_TOOL = "run_by_request";

const MAX_BASE = 56;
const VALID_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

/** Whether `name` is a valid MCP tool name. */
export const isValidToolName = (name: string): boolean => VALID_NAME.test(name);

/** A short, stable hex digest of a routine id (FNV-1a, 32 bits): the suffix that tells clashing names apart. */
export function shortDigest(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0").slice(0, 6);
}

/**
 * The routine's name in snake_case, accents folded, anything else dropped: "Apply for annual leave" →
 * "apply_for_annual_leave". Empty when nothing of the name is left (a name in another script).
 */
export function baseToolName(routineName: string): string {
  return routineName
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, MAX_BASE)
    .replace(/_+$/, "");
}

export type NamedRoutine = { routineId: string; name: string; createdAt: Date };

/**
 * A unique, valid tool name per routine, stable as routines come and go: the routine created first keeps the plain
 * name, a later one with the same name (or the reserved run_by_request) gets its id's digest appended, so
 * publishing another routine never renames a tool a client already uses. A name with nothing usable becomes
 * `routine_<digest>`.
 */
export function toolNamesFor(routines: readonly NamedRoutine[]): Map<string, string> {
  const ordered = [...routines].sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.routineId.localeCompare(b.routineId),
  );
  const taken = new Set<string>([RUN_BY_REQUEST_TOOL]);
  const names = new Map<string, string>();
  for (const routine of ordered) {
    const base = baseToolName(routine.name);
    let name = base && !taken.has(base) ? base : `${base || "routine"}_${shortDigest(routine.routineId)}`;
    // Two ids with one digest (1 in 16 million): count up until free, in the same stable order.
    for (let suffix = 2; taken.has(name); suffix += 1)
      name = `${base || "routine"}_${shortDigest(routine.routineId)}_${suffix}`;
    taken.add(name);
    names.set(routine.routineId, name);
  }
  return names;
}
