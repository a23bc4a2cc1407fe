import { issue, stepLabel, type RoutineLookup, type ValidationIssue } from "../../validation/base/issues";
import type { Rule } from "../../validation/base/rule";
import type { StepKindRules } from "../validation-types";

type Recursion = { kind: "calls-back" | "circle"; names: string[] } | undefined;

/** A `routine` step calls a routine that exists and does not, directly or through others, call back. */
export const subRoutines: Rule = ({ routine, routines }) => {
  const issues: ValidationIssue[] = [];
  const found = new Map<string, Recursion>();
  const clean = new Set<string>();
  routine.steps.forEach((step, index) => {
    if (step.kind !== "routine") return;
    const location = { stepId: step.id, path: ["steps", index, "routineId"] };
    if (step.routineId === routine.id) {
      return void issues.push(
        issue("recursive-routine", `${stepLabel(step)} calls this routine itself, so it would never finish.`, location),
      );
    }
    if (!routines) return;
    const callee = routines.getRoutine(step.routineId);
    if (!callee) {
      const message = `${stepLabel(step)} calls the routine "${step.routineId}", which could not be found.`;
      return void issues.push(issue("unknown-routine", message, location));
    }
    if (!found.has(step.routineId))
      found.set(step.routineId, findRecursion(routine.id, step.routineId, routines, clean));
    const recursion = found.get(step.routineId);
    if (!recursion) return;
    const chain = recursion.names.map((name) => `"${name}"`).join(" → ");
    const message =
      recursion.kind === "calls-back"
        ? `${stepLabel(step)} calls "${callee.name}", which calls this routine again (${chain} → this routine), so it would never finish.`
        : `${stepLabel(step)} calls "${callee.name}", which never finishes: ${chain} call each other in a circle.`;
    issues.push(issue("recursive-routine", message, location));
  });
  return issues;
};

/** Every sub-routine step's actor, when it names one, exists. Runs only when the actors are known. */
export const subRoutineActors: Rule = ({ routine, actors }) => {
  if (!actors) return [];
  const known = new Set(actors.map((actor) => actor.id));
  const issues: ValidationIssue[] = [];
  routine.steps.forEach((step, index) => {
    if (step.kind !== "routine" || step.actorId === undefined || known.has(step.actorId)) return;
    issues.push(
      issue(
        "unknown-actor",
        `${stepLabel(step)} runs its sub-routine as the actor "${step.actorId}", which could not be found; choose another actor.`,
        { stepId: step.id, path: ["steps", index, "actorId"] },
      ),
    );
  });
  return issues;
};

export const routineRules: StepKindRules = {
  tools: [],
  routines: [subRoutines],
  actors: [subRoutineActors],
  toolkits: [],
};

/**
 * Depth-first search without recursion through the routines `entryId` calls. Finds a call back into
 * `selfId` or a circle among the others; routines fully searched without finding either join `clean`.
 */
function findRecursion(selfId: string, entryId: string, lookup: RoutineLookup, clean: Set<string>): Recursion {
  type Frame = { id: string; name: string; calls: string[]; next: number };
  const frame = (id: string): Frame | undefined => {
    const found = lookup.getRoutine(id);
    return found && { id, name: found.name, calls: found.subRoutineIds ?? [], next: 0 };
  };
  const first = frame(entryId);
  if (!first) return undefined;
  const path: Frame[] = [first];
  const depth = new Map<string, number>([[entryId, 0]]);
  while (path.length > 0) {
    const top = path[path.length - 1];
    if (top.next >= top.calls.length) {
      clean.add(top.id);
      depth.delete(top.id);
      path.pop();
      continue;
    }
    const call = top.calls[top.next++];
    if (call === selfId) return { kind: "calls-back", names: path.map((f) => f.name) };
    const at = depth.get(call);
    if (at !== undefined) return { kind: "circle", names: [...path.slice(at), path[at]].map((f) => f.name) };
    if (clean.has(call)) continue;
    const next = frame(call);
    if (!next) {
      clean.add(call);
      continue;
    }
    depth.set(call, path.length);
    path.push(next);
  }
  return undefined;
}
