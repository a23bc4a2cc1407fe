import type { RunEventInput } from "../../events";
import type { Routine, Step } from "../../routine";
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
  completion: string;
};

/** When a step counts as done: its own criterion, else what its kind means by finishing. */
export function completionOf(step: Step): string {
  if ((step.kind === "tool" || step.kind === "skill") && step.completion) return step.completion;
  switch (step.kind) {
    case "tool":
      return `${step.tool.name} returned its result`;
    case "skill":
      return step.outputs.length > 0
        ? `${step.outputs.map((output) => output.name).join(", ")} written`
        : "the answer is written";
    case "branch":
      return "one way out is taken";
    case "human":
      return "an operator has decided";
    case "routine":
      return "the sub-routine has finished";
    case "end":
      return "the run is finished";
  }
}

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
    completion: completionOf(step),
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
