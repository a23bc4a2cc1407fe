import { Alert } from "@/components/ui";
import type { ReviewDiff } from "@/lib/review-rules";
import { runModeOption } from "@/components/runs/run-modes";

type Change = NonNullable<ReviewDiff["defaultMode"]>;

/** The default run mode's change in one sentence, e.g. "Runs that do not choose a mode switch from workflow mode to agent mode." */
export function defaultModeSentence(change: Change): string {
  const after = change.after === "agent" ? "agent mode" : "workflow mode";
  return change.before === null
    ? `Runs that do not choose a mode execute in ${after}.`
    : `Runs that do not choose a mode switch from ${change.before} mode to ${after}.`;
}

/**
 * What a reviewer must not miss: this version changes how its runs execute by default (in agent mode the executor
 * model decides every call). Shown above the canvases whatever tab is open.
 */
export function DefaultModeNotice({ change }: { change: Change }) {
  return (
    <Alert
      tone={change.after === "agent" ? "warning" : "info"}
      title="This version changes the default run mode"
      testId="review-default-mode"
    >
      {defaultModeSentence(change)} {runModeOption(change.after).explanation}
    </Alert>
  );
}
