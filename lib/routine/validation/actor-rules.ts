import type { ToolRef } from "../schema";
import { issue, stepLabel, type ValidationIssue } from "./issues";
import type { Rule } from "./rule";

const keyOf = (tool: ToolRef) => `${tool.server}/${tool.name}`;

/**
 * The routine's actor and every sub-routine step's actor exist, and each tool step calls a tool of the routine's
 * actor's toolkit (an actor only ever calls the tools an admin gave it). Runs only when the actors are known.
 */
export const actorRules: Rule = ({ routine, actors }) => {
  if (!actors) return [];
  const issues: ValidationIssue[] = [];
  const byId = new Map(actors.map((actor) => [actor.id, actor]));
  const unknown = (actorId: string) => `the actor "${actorId}", which could not be found; choose another actor.`;

  if (routine.actorId !== undefined && !byId.has(routine.actorId)) {
    issues.push(issue("unknown-actor", `The routine works as ${unknown(routine.actorId)}`, { path: ["actorId"] }));
  }
  routine.steps.forEach((step, index) => {
    if (step.kind !== "routine" || step.actorId === undefined || byId.has(step.actorId)) return;
    issues.push(
      issue("unknown-actor", `${stepLabel(step)} runs its sub-routine as ${unknown(step.actorId)}`, {
        stepId: step.id,
        path: ["steps", index, "actorId"],
      }),
    );
  });

  const actor = routine.actorId === undefined ? undefined : byId.get(routine.actorId);
  if (!actor) return issues;
  const allowed = new Set(actor.tools.map(keyOf));
  const toolkit = actor.toolkitName ? `the toolkit "${actor.toolkitName}"` : `the toolkit of "${actor.name}"`;
  routine.steps.forEach((step, index) => {
    if (step.kind !== "tool" || allowed.has(keyOf(step.tool))) return;
    const message = `${stepLabel(step)} calls "${step.tool.name}", which is not in ${toolkit}, so the actor "${actor.name}" may not call it. An admin adds it to the toolkit, or choose another actor.`;
    issues.push(issue("tool-outside-toolkit", message, { stepId: step.id, path: ["steps", index, "tool"] }));
  });
  return issues;
};
