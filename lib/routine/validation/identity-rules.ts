import type { Step } from "../schema";
import { issue, quoted, stepLabel, type ValidationIssue } from "./base/issues";
import type { Rule } from "./base/rule";

/** Step, connection and stage ids are unique. */
export const duplicateIds: Rule = ({ routine }) => {
  const issues: ValidationIssue[] = [];
  const steps = new Map<string, Step>();
  routine.steps.forEach((step, index) => {
    const first = steps.get(step.id);
    if (!first) return void steps.set(step.id, step);
    issues.push(
      issue(
        "duplicate-step-id",
        `${stepLabel(step)} has the id "${step.id}", which "${quoted(first)}" already uses; every step needs its own id.`,
        {
          stepId: step.id,
          path: ["steps", index, "id"],
        },
      ),
    );
  });
  const edges = new Set<string>();
  routine.edges.forEach((edge, index) => {
    if (!edges.has(edge.id)) return void edges.add(edge.id);
    issues.push(
      issue("duplicate-edge-id", `Two connections share the id "${edge.id}"; every connection needs its own id.`, {
        edgeId: edge.id,
        path: ["edges", index, "id"],
      }),
    );
  });
  const stages = new Set<string>();
  (routine.stages ?? []).forEach((stage, index) => {
    if (!stages.has(stage.id)) return void stages.add(stage.id);
    issues.push(
      issue("duplicate-stage-id", `Stage "${stage.name}" has the id "${stage.id}", which another stage already uses.`, {
        path: ["stages", index, "id"],
      }),
    );
  });
  return issues;
};

/** Both ends of every connection are steps of this routine. */
export const danglingEdges: Rule = ({ routine, graph }) => {
  const issues: ValidationIssue[] = [];
  routine.edges.forEach((edge, index) => {
    const source = graph.edgeSource[index];
    const target = graph.edgeTarget[index];
    if (source >= 0 && target >= 0) return;
    const known = source >= 0 ? source : target;
    const location = {
      edgeId: edge.id,
      path: ["edges", index, source < 0 ? "source" : "target"],
      ...(known >= 0 ? { stepId: graph.steps[known].id } : {}),
    };
    const message =
      source < 0 && target < 0
        ? `A connection runs between steps "${edge.source}" and "${edge.target}", neither of which exists.`
        : source < 0
          ? `A connection into "${quoted(graph.steps[target])}" starts at step "${edge.source}", which does not exist.`
          : `A connection from "${quoted(graph.steps[source])}" points to step "${edge.target}", which does not exist.`;
    issues.push(issue("dangling-edge", message, location));
  });
  return issues;
};

/** A step's stage is one the routine declares. */
export const unknownStages: Rule = ({ routine }) => {
  const declared = new Set((routine.stages ?? []).map((stage) => stage.id));
  const issues: ValidationIssue[] = [];
  routine.steps.forEach((step, index) => {
    if (step.stageId === undefined || declared.has(step.stageId)) return;
    issues.push(
      issue(
        "unknown-stage",
        `${stepLabel(step)} belongs to stage "${step.stageId}", which the routine does not declare.`,
        {
          stepId: step.id,
          path: ["steps", index, "stageId"],
        },
      ),
    );
  });
  return issues;
};
