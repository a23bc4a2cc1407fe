import type { ActorProfile, RunSnapshot } from "./ports";

/**
 * The opening of an executor's system prompt: who it works as ("You work as <name>. <persona>", when the run has an
 * actor) and what today is (so "next Monday" resolves). The persona is an admin's text, so it may sit among the
 * instructions (unlike request and tool data).
 */
export function agentPreamble(actor: ActorProfile | null, today: string): string {
  return [actorLine(actor), today].filter((line): line is string => line !== null).join("\n");
}

function actorLine(actor: ActorProfile | null): string | null {
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
