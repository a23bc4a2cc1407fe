import type { Routine } from "../../routine";

/**
 * Why `routine` cannot run in agent mode, in words an operator reads; null when it can. In agent mode the model
 * decides every call in one tool-calling loop, so nothing may need to stop that loop: no step for a person, no
 * sub-routine (a child run the loop would wait on), and no tool step that requires an approval before its call.
 */
export function agentModeProblem(routine: Routine): string | null {
  const named = (steps: Routine["steps"]) => steps.map((step) => `"${step.name}"`).join(", ");
  const human = routine.steps.filter((step) => step.kind === "human");
  if (human.length > 0)
    return `Agent mode cannot wait for a person, and this routine has human steps: ${named(human)}. Run it as a workflow.`;
  const children = routine.steps.filter((step) => step.kind === "routine");
  if (children.length > 0)
    return `Agent mode cannot run sub-routines, and this routine has sub-routine steps: ${named(children)}. Run it as a workflow.`;
  const approvals = routine.steps.filter((step) => step.kind === "tool" && step.requiresApproval);
  if (approvals.length > 0)
    return `Agent mode cannot stop for an approval before a call, and these steps require one: ${named(approvals)}. Run it as a workflow.`;
  return null;
}
