import { describeStep, hasCapability, type Routine, type Step } from "../../routine";

/**
 * Why `routine` cannot run in agent mode, in words an operator reads; null when it can. In agent mode the model
 * decides every call in one tool-calling loop, so nothing may need to stop that loop: no step for a person, no
 * sub-routine (a child run the loop would wait on), and no tool step that requires an approval before its call.
 * Each kind's descriptor says which of its steps stop the loop.
 */
export function agentModeProblem(routine: Routine): string | null {
  const named = (steps: Step[]) => steps.map((step) => `"${step.name}"`).join(", ");
  const refused = routine.steps.filter((step) => !describeStep(step).allowedInAgentMode(step));
  // A step that waits for a person by its kind (not only for an approval of its call).
  const human = refused.filter((step) => hasCapability(step, "waitsForPerson"));
  if (human.length > 0)
    return `Agent mode cannot wait for a person, and this routine has human steps: ${named(human)}. Run it as a workflow.`;
  const children = refused.filter((step) => hasCapability(step, "startsChildRun"));
  if (children.length > 0)
    return `Agent mode cannot run sub-routines, and this routine has sub-routine steps: ${named(children)}. Run it as a workflow.`;
  const approvals = refused.filter((step) => describeStep(step).waitsForPerson(step));
  if (approvals.length > 0)
    return `Agent mode cannot stop for an approval before a call, and these steps require one: ${named(approvals)}. Run it as a workflow.`;
  return null;
}
