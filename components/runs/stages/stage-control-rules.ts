import { isFinished, type RunStatus } from "@/lib/events";
import type { StageNode } from "@/lib/runs/hierarchy";

export type StageAction = "pause" | "cancel" | "retry";

const STAGE_OVER = new Set(["succeeded", "skipped", "cancelled"]);

/**
 * Why a stage control does not apply now (shown beside the disabled button), or null when it does. The server
 * decides again and refuses with its own words; these only keep an operator from pressing what cannot work.
 */
export function stageActionBlocked(action: StageAction, stage: StageNode, runStatus: RunStatus): string | null {
  switch (action) {
    case "pause":
      if (isFinished(runStatus)) return "The run has finished.";
      // A paused run may still be held before a stage it has not reached.
      if (runStatus === "paused" && stage.status !== "pending") return "The run is paused already.";
      if (STAGE_OVER.has(stage.status)) return "This stage has finished.";
      return null;
    case "cancel":
      if (STAGE_OVER.has(stage.status)) return "This stage has finished.";
      if (isFinished(runStatus) && runStatus !== "failed") return "The run has finished.";
      if (stage.status === "pending" && runStatus !== "paused")
        return "The run has not reached this stage; pause it there first.";
      return null;
    case "retry":
      if (runStatus === "queued" || runStatus === "running") return "Wait until the run pauses, waits or ends.";
      if (stage.status === "pending") return "This stage has not run yet.";
      return null;
  }
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
