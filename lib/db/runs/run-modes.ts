import "server-only";
import type { Routine } from "../../routine";
import type { ExecutionPlan } from "../../runner";
import { agentModeProblem } from "../../run-service";
import { ConflictError, prisma } from "../core";
import { toRunMode, type RunMode } from "../routines";
import { contextSettingsFor, type ContextChoice } from "./run-context-settings";

/** The plan of a workflow or agent run (a routine's run; planned runs have neither mode nor context settings). */
type RoutinePlan = Extract<ExecutionPlan, { mode: "workflow" | "agent" }>;

/** The plan of an agent run that follows the whole routine: the product's agent mode. */
const AGENT_PLAN: RoutinePlan = { mode: "agent", routine: "full", distractorVersionIds: [] };
const WORKFLOW: RoutinePlan = { mode: "workflow" };

/**
 * How a run of `routine` executes. A mode the starter chose is honoured, and agent mode refused with a
 * ConflictError saying why when the routine cannot run as an agent; without one the routine's default applies,
 * except that a routine defaulting to agent mode which cannot run as one (a human step added since) runs as a
 * workflow, since nobody asked for an agent. The plan carries its context settings: the starter's `context` over
 * the settings in effect, so the run keeps them whatever an admin sets later.
 */
export async function executionPlanFor(
  routineId: string,
  routine: Routine,
  chosen: RunMode | undefined,
  context?: ContextChoice,
): Promise<RoutinePlan> {
  const plan = await planOf(routineId, routine, chosen);
  return { ...plan, context: await contextSettingsFor(context) };
}

async function planOf(routineId: string, routine: Routine, chosen: RunMode | undefined): Promise<RoutinePlan> {
  const mode = chosen ?? (await defaultModeOf(routineId));
  if (mode === "workflow") return WORKFLOW;
  const problem = agentModeProblem(routine);
  if (problem === null) return AGENT_PLAN;
  if (chosen === "agent") throw new ConflictError(problem);
  return WORKFLOW;
}

async function defaultModeOf(routineId: string): Promise<RunMode> {
  const row = await prisma.routine.findUnique({ where: { id: routineId }, select: { defaultMode: true } });
  return toRunMode(row?.defaultMode ?? "workflow");
}
