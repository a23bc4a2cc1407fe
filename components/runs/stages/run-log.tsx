"use client";

import { type RunLogEntry, type RunViewStoreState, selectRunLog } from "@/lib/stores/run-view";
import { PanelSection } from "../panel-section";
import { RUN_STATUS_STYLE } from "../run-styles";
import { useRunStructure, useRunView } from "../run-view-context";

const selectStageNames = (state: RunViewStoreState) => state.routine.stages;

const STAGE_DID = {
  paused: "paused stage",
  held: "asked to pause before stage",
  cancelled: "cancelled stage",
  retried: "retried stage",
};
const STEP_DID = {
  approved: "approved",
  rejected: "rejected",
  submitted: "submitted the form of",
  retried: "retried",
  input_edited: "edited the input of",
  skipped: "skipped",
};

const clock = (iso: string) => iso.slice(11, 19);

/**
 * The run's log in the Run tab: who stepped in on which stage or step and why (each an audited run event), and the
 * run's status changes that came with a reason, oldest first.
 */
export function RunLog() {
  const log = useRunView(selectRunLog);
  const stages = useRunView(selectStageNames);
  const structure = useRunStructure();
  if (log.length === 0) return null;
  const stageName = (id: string) => stages.find((stage) => stage.id === id)?.name ?? id;
  const stepName = (id: string) => structure.steps.get(id)?.name ?? id;
  return (
    <PanelSection title="Run log" testId="run-log">
      <ol className="space-y-1 text-xs">
        {log.map((entry) => (
          <li key={entry.seq} className="flex gap-2" data-testid={`run-log-${entry.kind}`}>
            <time dateTime={entry.at} className="shrink-0 text-muted tabular-nums" title={`${entry.at} UTC`}>
              {clock(entry.at)}
            </time>
            <span className="min-w-0 text-foreground">{describe(entry, stageName, stepName)}</span>
          </li>
        ))}
      </ol>
    </PanelSection>
  );
}

function describe(entry: RunLogEntry, stageName: (id: string) => string, stepName: (id: string) => string): string {
  const why = (reason: string | null) => (reason ? `: “${reason}”` : "");
  switch (entry.kind) {
    case "stage":
      return `${entry.by} ${STAGE_DID[entry.action]} “${stageName(entry.stageId)}”${why(entry.reason)}`;
    case "step":
      return `${entry.by} ${STEP_DID[entry.action]} “${stepName(entry.stepId)}”${why(entry.reason)}`;
    case "run":
      return `Run ${RUN_STATUS_STYLE[entry.status].label.toLowerCase()}: ${entry.reason}`;
    case "context":
      return `Context: ${entry.reason}`;
  }
}
