"use client";

import { useState } from "react";
import { TabList, TabPanel } from "@/components/ui";
import { selectRunMode, type RunViewStoreState } from "@/lib/stores/run-view";
import type { PlannedRunProps } from "./planned-types";
import type { RunActions } from "./run-actions-types";
import { useRunView, useRunViewApi } from "./run-view-context";
import { AgentLog } from "./panel/agent-log";
import { ProgressList } from "./panel/progress-list";
import { RunInfo } from "./panel/run-info";
import { StepDetail } from "./panel/step-detail";
import { TaskList } from "./panel/task-list";
import { useStagesUi } from "./stages/run-stages-context";
import { StagePanel } from "./stages/stage-panel";

const selectSelectedStepId = (state: RunViewStoreState) => state.selectedStepId;

type TabId = "progress" | "agent" | "step" | "run";
const TABS = [
  { id: "progress", label: "Progress" },
  { id: "step", label: "Step" },
  { id: "run", label: "Run" },
] as const;
// An agent run adds its log; a run's mode never changes, so the tabs never jump.
const AGENT_TABS = [
  { id: "progress", label: "Progress" },
  { id: "agent", label: "Agent log" },
  { id: "step", label: "Step" },
  { id: "run", label: "Run" },
] as const;
// A planned run's progress is the planner's task list; its log holds the planner's and the actors' turns.
const PLANNED_TABS = [
  { id: "progress", label: "Tasks" },
  { id: "agent", label: "Log" },
  { id: "step", label: "Step" },
  { id: "run", label: "Run" },
] as const;

/**
 * The side panel: the progress checklist (a planned run's task list), the selected step's detail, the run's
 * inputs, outputs and variables.
 */
export function RunSidePanel({
  runId,
  canControl,
  actions,
  planned,
}: {
  runId: string;
  canControl: boolean;
  actions: RunActions;
  /** What a planned run's task list needs (actors to pick, the edit action); null for routine runs. */
  planned: PlannedRunProps | null;
}) {
  const api = useRunViewApi();
  const [tab, setTab] = useState<TabId>("progress");
  const openStep = (stepId: string) => {
    api.getState().selectStep(stepId);
    setTab("step");
  };
  // A click on the canvas selects a step; show it.
  const [lastSelected, setLastSelected] = useState<string | null>(null);
  const selected = useRunView(selectSelectedStepId);
  const mode = useRunView(selectRunMode);
  const agent = mode === "agent" || mode === "planned";
  if (selected !== lastSelected) {
    setLastSelected(selected);
    if (selected) setTab("step");
  }
  // A stage picked on the collapsed canvas shows in the same tab, which then says so.
  const { selectedStageKey, stagePicks } = useStagesUi();
  const [lastPicks, setLastPicks] = useState(stagePicks);
  if (stagePicks !== lastPicks) {
    setLastPicks(stagePicks);
    setTab("step");
  }
  const baseTabs = mode === "planned" ? PLANNED_TABS : agent ? AGENT_TABS : TABS;
  const tabs =
    selectedStageKey === null
      ? baseTabs
      : baseTabs.map((item) => (item.id === "step" ? { ...item, label: "Stage" } : item));
  return (
    <aside
      className="flex h-full min-h-0 flex-col border-l border-border bg-surface"
      data-testid="run-side-panel"
      aria-label="Run details"
    >
      <div className="p-3">
        <TabList tabs={tabs} value={tab} onChange={setTab} idPrefix="run-panel" label="Run details" />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-4 pb-6">
        <TabPanel idPrefix="run-panel" id="progress" active={tab === "progress"}>
          {mode === "planned" ? (
            <TaskList onOpenStep={openStep} canControl={canControl} planned={planned} />
          ) : (
            <ProgressList onOpenStep={openStep} />
          )}
        </TabPanel>
        {agent ? (
          <TabPanel idPrefix="run-panel" id="agent" active={tab === "agent"}>
            <AgentLog onOpenStep={openStep} />
          </TabPanel>
        ) : null}
        <TabPanel idPrefix="run-panel" id="step" active={tab === "step"}>
          {selectedStageKey === null ? (
            <StepDetail runId={runId} canControl={canControl} actions={actions} />
          ) : (
            <StagePanel runId={runId} canControl={canControl} actions={actions} onOpenStep={openStep} />
          )}
        </TabPanel>
        <TabPanel idPrefix="run-panel" id="run" active={tab === "run"}>
          <RunInfo actions={actions} />
        </TabPanel>
      </div>
    </aside>
  );
}
