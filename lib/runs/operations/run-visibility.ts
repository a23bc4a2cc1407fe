import "server-only";
import { hasAnyRole, RUN_CONTROL_ROLES } from "../../access";
import { NotFoundError, prisma, withDbErrors } from "../../db/core";
import type { Prisma } from "../../db/generated/prisma/client";
import { RUN_NOT_FOUND } from "../store";
import type { Viewer } from "../../access";

/**
 * Who sees a run: admins and operators see every run; authors see runs of routines they own and runs they
 * started; nobody else sees any. A run someone may not see is reported as not found (404, never 403), so its
 * existence is not revealed. Operators and admins may also control runs.
 */

export const canControlRuns = (viewer: Viewer) => hasAnyRole(viewer.roles, RUN_CONTROL_ROLES);

type RunFacts = { startedById: string | null; ownerId: string | null };

export function mayView(viewer: Viewer, run: RunFacts): boolean {
  if (canControlRuns(viewer)) return true;
  if (!viewer.roles.includes("author")) return false;
  return run.startedById === viewer.id || run.ownerId === viewer.id;
}

/** The Prisma filter of the runs `viewer` may see (for lists), or null when they may see none. */
export function visibleRunsFilter(viewer: Viewer): Prisma.RunWhereInput | null {
  if (canControlRuns(viewer)) return {};
  if (!viewer.roles.includes("author")) return null;
  return { OR: [{ startedById: viewer.id }, { version: { routine: { ownerId: viewer.id } } }] };
}

export { RUN_NOT_FOUND };

/** Who started a run and who owns its routine; undefined for an unknown run. */
export async function readRunFacts(runId: string): Promise<RunFacts | undefined> {
  const row = await withDbErrors(() =>
    prisma.run.findUnique({
      where: { id: runId },
      select: { startedById: true, version: { select: { routine: { select: { ownerId: true } } } } },
    }),
  );
  // A planned run has no routine, so no owner: only whoever started it (and operators, admins) may see it.
  return row ? { startedById: row.startedById, ownerId: row.version?.routine.ownerId ?? null } : undefined;
}

/** Throws NotFoundError unless the run exists and `viewer` may see it. Internal: callers have authenticated. */
export async function assertRunVisible(viewer: Viewer, runId: string): Promise<void> {
  const facts = await readRunFacts(runId);
  if (!facts || !mayView(viewer, facts)) throw new NotFoundError(RUN_NOT_FOUND);
}
