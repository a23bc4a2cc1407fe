import { issue, type ValidationIssue } from "./base/issues";
import type { Rule } from "./base/rule";

/**
 * The routine's actor exists. Runs only when the actors are known. The kinds check their own steps' actors and tools
 * after this (lib/routine/kinds/<kind>/validation.ts): a sub-routine step's actor, a tool step's toolkit.
 */
export const actorRules: Rule = ({ routine, actors }) => {
  if (!actors) return [];
  const issues: ValidationIssue[] = [];
  if (routine.actorId !== undefined && !actors.some((actor) => actor.id === routine.actorId)) {
    const message = `The routine works as the actor "${routine.actorId}", which could not be found; choose another actor.`;
    issues.push(issue("unknown-actor", message, { path: ["actorId"] }));
  }
  return issues;
};
