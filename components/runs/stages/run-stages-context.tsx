"use client";

import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { priceOf } from "@/lib/llm/pricing";
import { buildRunHierarchy, type HierarchyStepRun, type RunHierarchy, type StageNode } from "@/lib/runs/hierarchy";
import type { RunViewStoreState, StepView } from "@/lib/stores/run-view";
import { useRunView, useRunViewApi } from "../run-view-context";
import type { RunHierarchyConfig } from "./run-stages-types";
import { stageKeyOf } from "./stage-keys";

type StagesUi = {
  /** The canvas shows one node per stage instead of the steps. */
  collapsed: boolean;
  setCollapsed: (collapsed: boolean) => void;
  /** The stage the side panel shows; null when a step (or nothing) is selected. */
  selectedStageKey: string | null;
  /** Bumped on every pick of a stage, also of the one already selected, so the panel shows it again. */
  stagePicks: number;
  selectStage: (key: string) => void;
};

const HierarchyContext = createContext<RunHierarchy | null>(null);
const StagesUiContext = createContext<StagesUi | null>(null);

const selectSource = (state: RunViewStoreState) => ({
  routine: state.routine,
  steps: state.steps,
  past: state.pastExecutions,
  status: state.header.status,
  mode: state.header.mode ?? "workflow",
  selectedStepId: state.selectedStepId,
  runLog: state.runLog,
});

/** Stages whose latest intervention was a cancel (a retry since brings a stage back). */
function cancelledStagesOf(log: RunViewStoreState["runLog"]): Set<string> {
  const cancelled = new Set<string>();
  for (const entry of log) {
    if (entry.kind !== "stage") continue;
    if (entry.action === "cancelled") cancelled.add(entry.stageId);
    if (entry.action === "retried") cancelled.delete(entry.stageId);
  }
  return cancelled;
}

/** Every execution the view knows: the earlier ones it keeps apart, and each step's latest (unless it never ran). */
function stepRunsOf(state: Pick<ReturnType<typeof selectSource>, "steps" | "past">): HierarchyStepRun[] {
  const runs: HierarchyStepRun[] = Object.values(state.past).flat();
  for (const view of Object.values(state.steps) as StepView[]) {
    if (view.state === "pending" && view.stepRunId === null) continue;
    runs.push(view);
  }
  return runs;
}

/**
 * The run's hierarchy, derived from the run store as events arrive, and what the canvas and side panel share about
 * stages: whether the canvas is collapsed to them and which one is selected. A run has stages to show when its
 * routine defines some (a planned run's "stages" are its tasks, shown by the task list instead).
 */
export function RunStagesProvider({ config, children }: { config: RunHierarchyConfig; children: ReactNode }) {
  const api = useRunViewApi();
  const source = useRunView(selectSource);
  const enabled = source.mode !== "planned" && source.routine.stages.length > 0;
  const { routine, steps, past, status, runLog } = source;
  const hierarchy = useMemo(() => {
    if (!enabled) return null;
    const actors = new Map(config.actors.map((actor) => [actor.id, actor]));
    const actor =
      config.actorId === null
        ? null
        : (actors.get(config.actorId) ?? { id: config.actorId, name: config.actorId, model: null });
    return buildRunHierarchy({
      routine,
      stepRuns: stepRunsOf({ steps, past }),
      runStatus: status,
      actor,
      actors,
      runModel: config.runModel,
      priceOf: (model) => priceOf(model ?? config.runModel, config.prices).price,
      cancelledStageIds: cancelledStagesOf(runLog),
    });
  }, [enabled, config, routine, steps, past, status, runLog]);

  const [collapsed, setCollapsed] = useState(false);
  const [stageKey, setStageKey] = useState<string | null>(null);
  const [stagePicks, setStagePicks] = useState(0);
  const selectStage = useCallback(
    (key: string) => {
      setStageKey(key);
      setStagePicks((picks) => picks + 1);
      api.getState().selectStep(null);
    },
    [api],
  );
  // A step picked anywhere (canvas, progress list) takes the panel from the stage.
  const selectedStageKey = source.selectedStepId === null ? stageKey : null;
  const ui = useMemo(
    () => ({ collapsed: enabled && collapsed, setCollapsed, selectedStageKey, stagePicks, selectStage }),
    [enabled, collapsed, selectedStageKey, stagePicks, selectStage],
  );
  return (
    <HierarchyContext.Provider value={hierarchy}>
      <StagesUiContext.Provider value={ui}>{children}</StagesUiContext.Provider>
    </HierarchyContext.Provider>
  );
}

/** The run's hierarchy; null when the run has no stages to show. */
export function useRunHierarchy(): RunHierarchy | null {
  return useContext(HierarchyContext);
}

export function useStagesUi(): StagesUi {
  const ui = useContext(StagesUiContext);
  if (!ui) throw new Error("Stage components render inside <RunStagesProvider>");
  return ui;
}

/** The stage the side panel shows, as the hierarchy has it now; null when none is selected. */
export function useSelectedStage(): StageNode | null {
  const hierarchy = useRunHierarchy();
  const { selectedStageKey } = useStagesUi();
  if (!hierarchy || selectedStageKey === null) return null;
  return hierarchy.stages.find((stage) => stageKeyOf(stage) === selectedStageKey) ?? null;
}
