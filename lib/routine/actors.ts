import { startsChildRun } from "./kinds";
import type { Routine } from "./schema";

/**
 * `next` with the actors `previous` named: the paper text form carries no actor, so a routine read back from text
 * (the designer's text view) keeps its own actor and each sub-routine step keeps the actor of the step with its id.
 * It carries no default run mode either, so `next` keeps `previous`'s.
 */
export function carryActors(previous: Routine, next: Routine): Routine {
  const stepActors = new Map(
    previous.steps.flatMap((step) => (startsChildRun(step) && step.actorId ? [[step.id, step.actorId]] : [])),
  );
  return {
    ...next,
    ...(previous.actorId && !next.actorId ? { actorId: previous.actorId } : {}),
    ...(previous.defaultMode && !next.defaultMode ? { defaultMode: previous.defaultMode } : {}),
    steps: next.steps.map((step) =>
      startsChildRun(step) && !step.actorId && stepActors.has(step.id)
        ? { ...step, actorId: stepActors.get(step.id) }
        : step,
    ),
  };
}
