import { formatPath, type ValidationIssue } from "../routine";
import type { RemainingIssue } from "./contract/contract";
import type { AnswerProblem } from "./parse";

/**
 * A validation issue located in the model's answer: the validator's paths start at the routine
 * (["steps", 3, "inputs"]), the answer nests it under "routine".
 */
export function fromValidation(issue: ValidationIssue): AnswerProblem {
  return {
    path: formatPath(["routine", ...issue.path]),
    ...(issue.stepId === undefined ? {} : { stepId: issue.stepId }),
    message: issue.message,
  };
}

/** One line of a repair request: where, then what. */
export function describeProblem(problem: AnswerProblem): string {
  const step = problem.stepId === undefined ? "" : ` (step ${problem.stepId})`;
  return `${problem.path}${step}: ${problem.message}`;
}

/** At most this many problems travel to the page with a failure. */
const MAX_REPORTED = 50;

export function toRemainingIssues(problems: readonly AnswerProblem[]): RemainingIssue[] {
  return problems.slice(0, MAX_REPORTED).map((problem) => ({
    ...(problem.stepId === undefined ? {} : { stepId: problem.stepId }),
    path: problem.path,
    message: problem.message,
  }));
}
