import type { RunStatus } from "@/lib/events";
import type { StageNode } from "@/lib/runs/hierarchy";
import { stageControlProblem, type StageAction, type StageFacts } from "@/lib/runs/operations/rules";

export type { StageAction } from "@/lib/runs/operations/rules";

const STAGE_OVER = new Set(["succeeded", "skipped", "cancelled"]);

/** Where the run stands to the stage, as the view's hierarchy shows it. */
function positionOf(stage: StageNode): StageFacts["position"] {
  if (stage.status === "pending") return "ahead";
  return STAGE_OVER.has(stage.status) ? "passed" : "in";
}

/**
 * Why a stage control does not apply now (shown beside the disabled button), or null when it does: the server's own
 * rule (lib/runs/operations/rules) over what the view knows. The server decides again with what only it knows (a
 * worker in flight, a hold, the stage's ways out).
 */
export function stageActionBlocked(action: StageAction, stage: StageNode, runStatus: RunStatus): string | null {
  return stageControlProblem(action, { status: runStatus }, { name: stage.name, position: positionOf(stage) });
}

/** What each control says in its button and its dialog. */
export const STAGE_ACTION_TEXT: Record<StageAction, { label: string; effect: string; confirm: string }> = {
  pause: {
    label: "Pause stage",
    effect:
      "A run in this stage pauses after the step in flight; a run not there yet pauses just before the stage's first step. Resume it from the header.",
    confirm: "Pause stage",
  },
  cancel: {
    label: "Cancel stage",
    effect:
      "The step in flight is stopped and the stage's steps not yet run are skipped; the run goes on after the stage.",
    confirm: "Cancel stage",
  },
  retry: {
    label: "Retry stage",
    effect: "The stage runs again from its first step, and the steps after it run again as they are reached.",
    confirm: "Retry stage",
  },
};
