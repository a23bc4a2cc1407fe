import type { ToolLookup } from "../../catalog";
import type { Routine } from "../../schema";
import type { RoutineGraph } from "./graph";
import type { ActorLookupEntry, RoutineLookup, ValidationIssue } from "./issues";

export type RuleContext = {
  routine: Routine;
  graph: RoutineGraph;
  tools?: ToolLookup;
  routines?: RoutineLookup;
  actors?: readonly ActorLookupEntry[];
};

/** A group of checks; returns its issues. Rules run independently, so one failing cannot hide another's issues. */
export type Rule = (context: RuleContext) => ValidationIssue[];

/** Where a graph node's step sits: its id and its path in the routine JSON, plus any deeper segments. */
export function atNode(graph: RoutineGraph, node: number, ...path: (string | number)[]) {
  return { stepId: graph.steps[node].id, path: ["steps", graph.stepIndex[node], ...path] };
}
