import "server-only";
import type { Routine } from "../../routine";
import type { ExecutionPlan } from "../../runner";
import { agentModeProblem } from "../../run-service";
import { ConflictError, prisma } from "../core";
import { toRunMode, type RunMode } from "../routines";

/** The plan of an agent run that follows the whole routine: the product's agent mode. */
const AGENT_PLAN: ExecutionPlan = { mode: "agent", routine: "full", distractorVersionIds: [] };

/**
 * How a run of `routine` executes. A mode the starter chose is honoured, and agent mode refused with a
 * ConflictError saying why when the routine cannot run as an agent; without one the routine's default applies,
 * except that a routine defaulting to agent mode which cannot run as one (a human step added since) runs as a
 * workflow, since nobody asked for an agent.
 */
export async function executionPlanFor(
  routineId: string,
  routine: Routine,
  chosen: RunMode | undefined,
): Promise<ExecutionPlan> {
  const mode = chosen ?? (await defaultModeOf(routineId));
  if (mode === "workflow") return { mode: "workflow" };
  const problem = agentModeProblem(routine);
  if (problem === null) return AGENT_PLAN;
  if (chosen === "agent") throw new ConflictError(problem);
  return { mode: "workflow" };
}

async function defaultModeOf(routineId: string): Promise<RunMode> {
  const row = await prisma.routine.findUnique({ where: { id: routineId }, select: { defaultMode: true } });
  return toRunMode(row?.defaultMode ?? "workflow");
}
