import "server-only";
import { readRuns } from "./run-database";
import { sqlGet, type SqlProgram } from "./run-sql";

/** Deeper than any chain of sub-routines a run can start (each child waits on its parent's step). */
const MAX_DEPTH = 64;

/**
 * Whether a run is sandboxed (issue #29): an evaluation started it (`source = "eval"`), or it is a sub-routine run
 * under one, at any depth. A sandboxed run never calls a tool that changes data live (run-tool-port.ts). The fact
 * lives in columns written once, when the run row is inserted (its source and its parent), so nothing a person or
 * the engine does to a run later (controls, stage holds, a rewritten execution plan, re-runs of a step) can lift
 * it. A run the database does not know, or a chain too deep to follow, counts as sandboxed: when in doubt, no
 * live write.
 */
export function isSandboxedRun(runId: string): Promise<boolean> {
  return readRuns(() => sandboxedProgram(runId));
}

function* sandboxedProgram(runId: string): SqlProgram<boolean> {
  let id: string | null = runId;
  for (let depth = 0; id !== null && depth < MAX_DEPTH; depth++) {
    const row: { source: string; parentRunId: string | null } | undefined = yield* sqlGet<{
      source: string;
      parentRunId: string | null;
    }>(`SELECT "source", "parentRunId" FROM "run" WHERE "id" = ?`, [id]);
    if (!row || row.source === "eval") return true;
    id = row.parentRunId;
  }
  return id !== null;
}
