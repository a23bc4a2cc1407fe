import "server-only";
import { toolAllowlist, type Routine } from "../../routine";
import type { ExecutionPlan } from "../engine";
import { ConflictError } from "../../db/core";
import { readActorProfiles } from "../../db/actors";

/**
 * The execution plan of a routine run with the actor it works as: the sub-routine step's actor when it names one,
 * else the routine's. Refused with ConflictError when that actor no longer exists, or its toolkit lacks a tool the
 * routine calls: an actor only ever calls the tools an admin put in its toolkit.
 */
export async function withRunActor(
  routine: Routine,
  execution: ExecutionPlan,
  stepActorId?: string,
): Promise<ExecutionPlan> {
  const actorId = stepActorId ?? routine.actorId;
  if (!actorId || execution.mode === "planned") return execution;
  const actor = (await readActorProfiles()).find((profile) => profile.id === actorId);
  if (!actor)
    throw new ConflictError(
      `"${routine.name}" works as an actor that no longer exists (${actorId}); an author picks another one.`,
    );
  const allowed = new Set(actor.toolkit.tools.map((tool) => `${tool.server}/${tool.name}`));
  const outside = toolAllowlist(routine).filter((tool) => !allowed.has(`${tool.server}/${tool.name}`));
  if (outside.length > 0)
    throw new ConflictError(
      `"${routine.name}" cannot run as ${actor.name}: the toolkit "${actor.toolkit.name}" lacks ${outside.map((tool) => tool.name).join(", ")}. An admin adds the tools to the toolkit, or an author picks another actor.`,
    );
  return { ...execution, actorId };
}
