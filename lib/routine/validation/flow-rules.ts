import { hasCapability } from "../kinds";
import type { Edge } from "../schema";
import { reach, type RoutineGraph } from "./base/graph";
import { issue, quoted, stepLabel, type ValidationIssue } from "./base/issues";
import { exitlessLoops } from "./loop-rules";
import { atNode, type Rule } from "./base/rule";

/**
 * The start is the step nothing leads into; with several, the first listed one counts as the start and
 * the others are reported, so that one stray step does not make the whole routine "unreachable".
 */
function startNodes(graph: RoutineGraph): number[] {
  const starts: number[] = [];
  graph.inEdges.forEach((edges, node) => edges.length === 0 && starts.push(node));
  return starts.sort((a, b) => graph.stepIndex[a] - graph.stepIndex[b]);
}

/** One start, every step reachable from it, at least one end, and every reachable step able to finish. */
export const startAndEnd: Rule = ({ graph }) => {
  const issues: ValidationIssue[] = [];
  const count = graph.steps.length;
  if (count === 0) return [issue("empty-routine", "The routine has no steps yet.", { path: ["steps"] })];

  const starts = startNodes(graph);
  if (starts.length === 0) {
    issues.push(
      issue("no-start", "Every step has a connection leading into it, so the routine has no step to start from.", {
        path: ["steps"],
      }),
    );
  }
  for (const extra of starts.slice(1)) {
    const message = `${stepLabel(graph.steps[extra])} has nothing leading into it, so it would be a second start next to "${quoted(graph.steps[starts[0]])}"; a routine has exactly one start step.`;
    issues.push(issue("multiple-starts", message, atNode(graph, extra)));
  }
  const live = starts.length > 0 ? reach(graph, starts.slice(0, 1), "forward") : new Uint8Array(count).fill(1);
  for (let node = 0; node < count; node++) {
    if (live[node] || graph.inEdges[node].length === 0) continue;
    issues.push(
      issue(
        "unreachable-step",
        `${stepLabel(graph.steps[node])} is not reachable from the start.`,
        atNode(graph, node),
      ),
    );
  }

  const ends: number[] = [];
  graph.steps.forEach((step, node) => hasCapability(step, "endsRun") && ends.push(node));
  if (ends.length === 0) {
    issues.push(issue("no-end", "The routine has no end step, so it never finishes.", { path: ["steps"] }));
    return issues;
  }
  const finishing = reach(graph, ends, "backward");
  const loops = exitlessLoops(graph);
  for (let node = 0; node < count; node++) {
    if (finishing[node] || !live[node] || loops.has(graph.component[node])) continue;
    const message = `${stepLabel(graph.steps[node])} never finishes: no path leads from it to an end step.`;
    issues.push(issue("never-finishes", message, atNode(graph, node)));
  }
  return issues;
};

/** End steps lead nowhere; other steps except branches lead to at most one step; branches split with labelled edges. */
export const outgoingEdges: Rule = ({ routine, graph }) => {
  const issues: ValidationIssue[] = [];
  graph.steps.forEach((step, node) => {
    const out = graph.outEdges[node];
    if (hasCapability(step, "endsRun")) {
      for (const edge of out) {
        const message = `End step "${quoted(step)}" leads on to "${quoted(graph.steps[graph.edgeTarget[edge]])}"; an end step finishes the routine.`;
        issues.push(
          issue("end-has-outgoing", message, {
            ...atNode(graph, node),
            edgeId: routine.edges[edge].id,
            path: ["edges", edge],
          }),
        );
      }
    } else if (hasCapability(step, "choosesWay")) {
      issues.push(...branchEdges(routine.edges, graph, node));
    } else if (out.length > 1) {
      const message = `${stepLabel(step)} leads to ${out.length} steps; only a branch step may split the flow.`;
      issues.push(issue("too-many-outgoing", message, atNode(graph, node)));
    }
  });
  routine.edges.forEach((edge, index) => {
    const source = graph.edgeSource[index];
    if (source < 0 || hasCapability(graph.steps[source], "choosesWay") || !hasCondition(edge)) return;
    const message = `The connection from "${quoted(graph.steps[source])}" has a condition, but only connections out of a branch step are checked against one.`;
    issues.push(
      issue("unexpected-condition", message, {
        stepId: graph.steps[source].id,
        edgeId: edge.id,
        path: ["edges", index, "condition"],
      }),
    );
  });
  return issues;
};

function branchEdges(edges: Edge[], graph: RoutineGraph, node: number): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const step = graph.steps[node];
  const out = graph.outEdges[node];
  if (out.length < 2) {
    const message = `Branch "${quoted(step)}" needs at least two outgoing connections, one per condition, but has ${out.length}.`;
    issues.push(issue("branch-too-few-edges", message, atNode(graph, node)));
  }
  const labels = new Set<string>();
  for (const index of out) {
    const edge = edges[index];
    const label = normalize(edge.condition?.label);
    const target = quoted(graph.steps[graph.edgeTarget[index]]);
    const location = { stepId: step.id, edgeId: edge.id, path: ["edges", index, "condition", "label"] };
    if (label === "") {
      issues.push(
        issue(
          "missing-condition",
          `The connection from branch "${quoted(step)}" to "${target}" needs a condition.`,
          location,
        ),
      );
    } else if (labels.has(label)) {
      const message = `Branch "${quoted(step)}" has the condition "${edge.condition?.label.trim()}" twice; each way out needs its own condition.`;
      issues.push(issue("duplicate-condition", message, location));
    }
    labels.add(label);
  }
  return issues;
}

function hasCondition(edge: Edge): boolean {
  return normalize(edge.condition?.label) !== "" || normalize(edge.condition?.expression) !== "";
}

function normalize(text: string | undefined): string {
  return typeof text === "string" ? text.trim().replace(/\s+/g, " ").toLowerCase() : "";
}
