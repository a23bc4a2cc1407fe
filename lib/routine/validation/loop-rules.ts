import { hasCapability } from "../kinds";
import { isCycle, type RoutineGraph } from "./base/graph";
import { issue, listNames, quoted, stepLabel, type ValidationIssue } from "./base/issues";
import { atNode, type Rule } from "./base/rule";

/**
 * The loops nobody can leave: strongly connected components with a cycle in which no branch step
 * has a connection out of the component. Returns the component numbers.
 */
export function exitlessLoops(graph: RoutineGraph): Set<number> {
  const loops = new Set<number>();
  graph.componentNodes.forEach((nodes, c) => {
    if (!isCycle(graph, c)) return;
    const hasExit = nodes.some(
      (node) =>
        hasCapability(graph.steps[node], "choosesWay") &&
        graph.outEdges[node].some((edge) => graph.component[graph.edgeTarget[edge]] !== c),
    );
    if (!hasExit) loops.add(c);
  });
  return loops;
}

/** A loop is allowed only when a branch inside it can leave it. */
export const infiniteLoops: Rule = ({ graph }) => {
  const issues: ValidationIssue[] = [];
  for (const c of exitlessLoops(graph)) {
    const nodes = [...graph.componentNodes[c]].sort((a, b) => graph.stepIndex[a] - graph.stepIndex[b]);
    const first = nodes[0];
    const message =
      nodes.length === 1
        ? `${stepLabel(graph.steps[first])} leads back to itself and loops forever; add a branch step with a way out.`
        : `Steps ${listNames(nodes.map((node) => quoted(graph.steps[node])))} form a loop that never ends; add a branch step with a way out of it.`;
    issues.push(issue("infinite-loop", message, atNode(graph, first)));
  }
  return issues;
};
