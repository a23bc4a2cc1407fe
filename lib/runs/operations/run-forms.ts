import "server-only";
import { requireRole, RUN_CONTROL_ROLES, type Viewer } from "../../access";
import { z } from "zod";
import type { Param } from "../../routine";
import { parseInput, withDbErrors } from "../../db/core";
import { agentModeProblem, findPublishedRoutine } from "../store";
import type { ContextMode } from "../../context-modes";
import { defaultRunMode } from "../../routine";
import type { RunMode } from "../../db/routines";
import { contextSettingsInEffect } from "./run-context-settings";

export type RunForm = {
  routineId: string;
  name: string;
  versionNumber: number;
  inputs: Param[];
  intents: string[];
  /** The mode the form preselects: the published version's default, or workflow when it cannot run as an agent. */
  defaultMode: RunMode;
  /** Why the routine cannot run in agent mode (startRun's own words); null when it can. */
  agentProblem: string | null;
  /** The context mode the form preselects: the admin's setting in effect. */
  contextMode: ContextMode;
};

const routineIdInput = z.object({
  routineId: z
    .string({ error: "Give the routine id." })
    .trim()
    .min(1, "Give the routine id.")
    .max(100, "That is not a valid routine id."),
});

/**
 * What the "Run" dialog asks for: the declared inputs of the routine's published version (the one startRun will
 * run), with its example requests, and how it may execute (its default mode, and why not as an agent if so; the
 * context mode in effect).
 * Operators and admins. NotFoundError for an unknown routine; ConflictError, with startRun's own words, when it
 * cannot run now (not published, archived, a tool changed since approval).
 */
export async function getRunForm(viewer: Viewer | null, routineId: string): Promise<RunForm> {
  requireRole(viewer, ...RUN_CONTROL_ROLES);
  const { routineId: id } = parseInput(routineIdInput, { routineId });
  const published = await withDbErrors(() => findPublishedRoutine(id));
  const agentProblem = agentModeProblem(published.routine);
  const { mode: contextMode } = await withDbErrors(() => contextSettingsInEffect());
  return {
    contextMode,
    defaultMode: agentProblem ? "workflow" : defaultRunMode(published.routine),
    agentProblem,
    routineId: id,
    name: published.routineName,
    versionNumber: published.versionNumber,
    inputs: published.routine.inputs,
    intents: published.routine.intents,
  };
}
