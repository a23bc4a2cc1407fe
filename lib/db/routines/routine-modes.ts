import "server-only";
import { z } from "zod";
import { requireRole, requireUser, type Viewer, WRITER_ROLES } from "../../access";
import { recordAudit } from "../audit";
import { NotFoundError, parseInput, prisma, withDbErrors } from "../core";
import { routineIdSchema } from "./routine-inputs";

/** How a run executes: the engine walks the graph ("workflow"), or the executor model follows the routine ("agent"). */
export const RUN_MODES = ["workflow", "agent"] as const;
export type RunMode = (typeof RUN_MODES)[number];

const defaultModeInput = z.object({
  routineId: routineIdSchema,
  mode: z.enum(RUN_MODES, { error: "Choose workflow or agent." }),
});

/** A stored mode as the app knows it: anything else reads as workflow, the safe default. */
export const toRunMode = (value: string): RunMode => (value === "agent" ? "agent" : "workflow");

/**
 * Sets how runs of a routine execute unless whoever starts one picks otherwise. Authors and admins; audited as
 * "routine.default_mode_set". Setting the mode it already has changes nothing. NotFoundError for an unknown routine.
 * A routine that cannot run as an agent (a human step, say) may still default to it: startRun then runs it as a
 * workflow, since its starter did not ask for agent mode.
 */
export async function setDefaultMode(viewer: Viewer | null, routineId: string, mode: RunMode): Promise<void> {
  requireRole(viewer, ...WRITER_ROLES);
  const input = parseInput(defaultModeInput, { routineId, mode });
  await withDbErrors(() =>
    prisma.$transaction(async (tx) => {
      const row = await tx.routine.findUnique({
        where: { id: input.routineId },
        select: { name: true, defaultMode: true, updatedAt: true },
      });
      if (!row) throw new NotFoundError("That routine does not exist.");
      if (toRunMode(row.defaultMode) === input.mode) return;
      // updatedAt is "last edited" in the library: how runs execute is not an edit of the routine.
      await tx.routine.update({
        where: { id: input.routineId },
        data: { defaultMode: input.mode, updatedAt: row.updatedAt },
      });
      await recordAudit(
        {
          action: "routine.default_mode_set",
          actor: viewer,
          target: { type: "routine", id: input.routineId },
          detail: { name: row.name, from: toRunMode(row.defaultMode), to: input.mode },
        },
        tx,
      );
    }),
  );
}

/** The routine's default run mode. Anyone signed in who may read routines; NotFoundError for an unknown routine. */
export async function getDefaultMode(viewer: Viewer | null, routineId: string): Promise<RunMode> {
  requireUser(viewer);
  const { routineId: id } = parseInput(z.object({ routineId: routineIdSchema }), { routineId });
  const row = await withDbErrors(() => prisma.routine.findUnique({ where: { id }, select: { defaultMode: true } }));
  if (!row) throw new NotFoundError("That routine does not exist.");
  return toRunMode(row.defaultMode);
}
