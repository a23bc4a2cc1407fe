import "server-only";
import { defaultRunMode, type Routine } from "../../routine";
import type { ExecutionPlan } from "../engine";
import { agentModeProblem } from "../store";
import { ConflictError } from "../../db/core";
import type { RunMode } from "../../db/routines";
import { contextSettingsFor, type ContextChoice } from "./run-context-settings";

/** The plan of a workflow or agent run (a routine's run; planned runs have neither mode nor context settings). */
type RoutinePlan = Extract<ExecutionPlan, { mode: "workflow" | "agent" }>;

/** The plan of an agent run that follows the whole routine: the product's agent mode. */
const AGENT_PLAN: RoutinePlan = { mode: "agent", routine: "full", distractorVersionIds: [] };
const WORKFLOW: RoutinePlan = { mode: "workflow" };

/**
 * How a run of `routine` executes. A mode the starter chose is honoured, and agent mode refused with a
 * ConflictError saying why when the routine cannot run as an agent; without one the routine's default applies (its
 * `defaultMode`, from the content of the version that runs, so only a reviewed and published change moves it),
 * except that a routine defaulting to agent mode which cannot run as one (a human step added since) runs as a
 * workflow, since nobody asked for an agent. The plan carries its context settings: the starter's `context` over
 * the settings in effect, so the run keeps them whatever an admin sets later.
 */
export async function executionPlanFor(
  routine: Routine,
  chosen: RunMode | undefined,
  context?: ContextChoice,
): Promise<RoutinePlan> {
  return { ...planOf(routine, chosen), context: await contextSettingsFor(context) };
}

function planOf(routine: Routine, chosen: RunMode | undefined): RoutinePlan {
  const mode = chosen ?? defaultRunMode(routine);
  if (mode === "workflow") return WORKFLOW;
  const problem = agentModeProblem(routine);
  if (problem === null) return AGENT_PLAN;
  if (chosen === "agent") throw new ConflictError(problem);
  return WORKFLOW;
}
