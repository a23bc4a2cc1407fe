import type { ActorProfile, RunSnapshot } from "./ports";

/**
 * The opening of the executor's system prompt when a run works as an actor: "You work as <name>. <persona>". Null
 * without an actor. The persona is an admin's text, so it may sit among the instructions (unlike request and tool data).
 */
export function actorPreamble(actor: ActorProfile | null): string | null {
  if (!actor) return null;
  const persona = actor.persona.trim();
  return persona ? `You work as ${actor.name}. ${persona}` : `You work as ${actor.name}.`;
}

/**
 * The executor model a run's model calls name: the execution plan's own model (an evaluation comparing models) wins,
 * then the actor's, else undefined (the executor role's configured model).
 */
export function executorModelOf(run: Pick<RunSnapshot, "execution" | "actor">): string | undefined {
  const planModel = run.execution.mode === "planned" ? undefined : run.execution.model;
  return planModel || run.actor?.model || undefined;
}
