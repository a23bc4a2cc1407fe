import "server-only";
import {
  type ActorLookupEntry,
  lookupFromList,
  type Routine,
  validateRoutine,
  type ValidationIssue,
} from "../../routine";
import { readActorProfiles } from "../actors";
import { ValidationError } from "../core";
import { readCatalogTools } from "../tools";

/**
 * A routine that cannot go to review because validation found errors. A ValidationError (the action layer shows
 * its message and `fieldErrors.routine`); `issues` carries every error with its step, so a page can mark them.
 */
export class RoutineIssuesError extends ValidationError {
  readonly issues: ValidationIssue[];
  constructor(
    issues: ValidationIssue[],
    wording: { lead: string; tail: string } = {
      lead: "This routine is not ready for review",
      tail: "Nothing was submitted.",
    },
  ) {
    const messages = issues.map((issue) => issue.message);
    const more = messages.length > 3 ? ` (and ${messages.length - 3} more)` : "";
    super(`${wording.lead}: ${messages.slice(0, 3).join(" ")}${more} ${wording.tail}`, { routine: messages });
    this.name = "RoutineIssuesError";
    this.issues = issues;
  }
}

/** A tool lookup over the registry's current tools: the same catalog the designer validates against. Internal. */
export async function registryToolLookup() {
  return lookupFromList(await readCatalogTools());
}

/** The actor profiles with their toolkits' tools, as the designer checks routines against them. Internal. */
export async function registryActorLookup(): Promise<ActorLookupEntry[]> {
  return (await readActorProfiles()).map(({ id, name, toolkit }) => ({
    id,
    name,
    tools: toolkit.tools,
    toolkitName: toolkit.name,
  }));
}

/**
 * The validation errors (not warnings) of `routine`, checked as the designer checks it: against the registry's
 * tools and, when given, the actor profiles. Sub-routine calls are checked for self-calls only, as on the canvas, so
 * submitting never refuses what the author was not shown.
 */
export function blockingIssues(
  routine: Routine,
  tools: Awaited<ReturnType<typeof registryToolLookup>>,
  actors?: readonly ActorLookupEntry[],
): ValidationIssue[] {
  return validateRoutine(routine, { tools, actors }).filter((issue) => issue.severity === "error");
}
