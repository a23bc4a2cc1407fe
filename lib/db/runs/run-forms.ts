import "server-only";
import { requireRole, RUN_CONTROL_ROLES, type Viewer } from "../../access";
import { z } from "zod";
import type { Param } from "../../routine";
import { parseInput, withDbErrors } from "../core";
import { findPublishedRoutine } from "../../run-service";

export type RunForm = { routineId: string; name: string; versionNumber: number; inputs: Param[]; intents: string[] };

const routineIdInput = z.object({
  routineId: z
    .string({ error: "Give the routine id." })
    .trim()
    .min(1, "Give the routine id.")
    .max(100, "That is not a valid routine id."),
});

/**
 * What the "Run" dialog asks for: the declared inputs of the routine's published version (the one startRun will
 * run), with its example requests. Operators and admins. NotFoundError for an unknown routine; ConflictError, with
 * startRun's own words, when it cannot run now (not published, archived, a tool changed since approval).
 */
export async function getRunForm(viewer: Viewer | null, routineId: string): Promise<RunForm> {
  requireRole(viewer, ...RUN_CONTROL_ROLES);
  const { routineId: id } = parseInput(routineIdInput, { routineId });
  const published = await withDbErrors(() => findPublishedRoutine(id));
  return {
    routineId: id,
    name: published.routineName,
    versionNumber: published.versionNumber,
    inputs: published.routine.inputs,
    intents: published.routine.intents,
  };
}
