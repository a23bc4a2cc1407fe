import type { ToolLookup } from "./catalog";
import type { Routine } from "./schema";
import { actorRules } from "./validation/actor-rules";
import { kindRules } from "./kinds/validation";
import { inputReferences, stepReferences } from "./validation/binding-rules";
import { outgoingEdges, startAndEnd } from "./validation/flow-rules";
import { buildGraph } from "./validation/base/graph";
import { danglingEdges, duplicateIds, unknownStages } from "./validation/identity-rules";
import { issue, type ActorLookupEntry, type RoutineLookup, type ValidationIssue } from "./validation/base/issues";
import { infiniteLoops } from "./validation/loop-rules";
import type { Rule } from "./validation/base/rule";

export { ISSUE_CODES, ISSUE_SEVERITY } from "./validation/base/issues";
export type { ActorLookupEntry, IssueCode, RoutineLookup, Severity, ValidationIssue } from "./validation/base/issues";

export type ValidateOptions = {
  /** The tool catalog; without it, tool steps are not checked against tools. */
  tools?: ToolLookup;
  /** Other published routines; without it, only direct self-calls of `routine` steps are caught. */
  routines?: RoutineLookup;
  /**
   * The actor profiles with their toolkits' tools; without them, actors are not checked. With them, an unknown
   * actor (the routine's or a sub-routine step's) is an error, and so is a tool step outside the routine's actor's
   * toolkit.
   */
  actors?: readonly ActorLookupEntry[];
};

const RULES: Rule[] = [
  duplicateIds,
  danglingEdges,
  unknownStages,
  startAndEnd,
  outgoingEdges,
  infiniteLoops,
  ...kindRules("tools"),
  inputReferences,
  stepReferences,
  ...kindRules("routines"),
  actorRules,
  ...kindRules("actors"),
  ...kindRules("toolkits"),
];

/**
 * Checks a routine's structure and references and lists what is wrong, in words an analyst understands.
 * Never throws, also not for input that skipped the schema (dangling edges, repeated ids); runs in
 * time linear in steps and connections, so thousands of steps validate as the user types.
 */
export function validateRoutine(routine: Routine, options: ValidateOptions = {}): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  try {
    const context = {
      routine,
      graph: buildGraph(routine),
      tools: options.tools,
      routines: options.routines,
      actors: options.actors,
    };
    for (const rule of RULES) {
      try {
        for (const found of rule(context)) issues.push(found);
      } catch (error) {
        issues.push(failure(error));
      }
    }
  } catch (error) {
    issues.push(failure(error));
  }
  return issues;
}

/** True when nothing blocks publishing: no issue is an error. */
export function isValid(issues: readonly ValidationIssue[]): boolean {
  return issues.every((found) => found.severity !== "error");
}

function failure(error: unknown): ValidationIssue {
  const detail = error instanceof Error ? error.message : String(error);
  return issue("validation-failed", `The routine could not be checked completely (${detail}); it may be malformed.`, {
    path: [],
  });
}
