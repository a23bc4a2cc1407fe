import type { RunEventInput } from "../../events";
import { describeStep, type Routine } from "../../routine";
import type { RunSnapshot } from "./ports";

/** One line of the progress list (Aime's progress management): a step, done or not, and when it counts as done. */
export type ProgressItem = {
  stepId: string;
  number: number;
  name: string;
  done: boolean;
  /** On a way a branch did not take: it will not run (unless a loop brings the branch back). */
  notTaken: boolean;
  current: boolean;
  /** When the step counts as done: the kind's wording (StepKindDescriptor.doneWhen), which the run view shows too. */
  completion: string;
};

/**
 * The routine's steps in order, each marked done when its newest execution succeeded, and not taken when it is in
 * `notTaken` (routine-graph's stepsNotTaken).
 */
export function progressItems(
  routine: Routine,
  snapshot: RunSnapshot,
  currentStepId: string | null,
  notTaken: ReadonlySet<string> = new Set(),
): ProgressItem[] {
  const latest = new Map<string, string>();
  for (const run of snapshot.steps) latest.set(run.stepId, run.state);
  return routine.steps.map((step, index) => ({
    stepId: step.id,
    number: index + 1,
    name: step.name,
    done: latest.get(step.id) === "succeeded" && step.id !== currentStepId,
    notTaken: notTaken.has(step.id) && step.id !== currentStepId,
    current: step.id === currentStepId,
    completion: describeStep(step).doneWhen(step),
  }));
}

/**
 * The list as the executor reads it: a Markdown checklist, `[x]` done, `[ ]` pending, `[-]` not taken (said so), the
 * current step marked. Each
 * step is labelled as the routine text labels it (`labelOf`, RoutineIndex.labelOf: "Branch 4-1 Step 1").
 */
export function renderProgress(
  items: ProgressItem[],
  labelOf: (stepId: string) => string,
  /** Plan-aware: only these steps carry their completion criterion (the others' serves no coming step). */
  window?: ReadonlySet<string>,
): string {
  return items
    .map((item) => {
      const mark = item.done ? "x" : item.notTaken ? "-" : " ";
      const head = `- [${mark}] ${labelOf(item.stepId)}. ${item.name} [id: ${item.stepId}]`;
      if (item.notTaken) return `${head} (not taken: the branch went another way)`;
      if (window && !window.has(item.stepId)) return head;
      return `${head} (done when: ${item.completion})${item.current ? " ← current" : ""}`;
    })
    .join("\n");
}

export function progressEvent(items: ProgressItem[]): RunEventInput {
  return {
    type: "progress.updated",
    data: {
      done: items.filter((item) => item.done).map((item) => item.stepId),
      current: items.find((item) => item.current)?.stepId ?? null,
    },
  };
}
