"use client";

import type { ReactNode } from "react";
import { usePanelLayout } from "@/components/shell/canvas-layout";
import { ResizablePanel } from "@/components/ui";
import type { ModelPrice } from "@/lib/llm";
import type { RunViewSnapshot } from "@/lib/stores/run-view";
import { RunCanvas } from "./canvas/run-canvas";
import type { PlannedRunProps } from "./planned-types";
import type { RunActions } from "./run-actions-types";
import { RunHeader } from "./run-header";
import { RunSidePanel } from "./run-side-panel";
import { RunViewProvider } from "./run-view-context";
import { RunStagesProvider } from "./stages/run-stages-context";
import { UnreadableEventsNotice } from "./unreadable-events-notice";
import { NO_HIERARCHY_CONFIG, type RunHierarchyConfig } from "./stages/run-stages-types";
import { useRunStream } from "./use-run-stream";

type Props = {
  snapshot: RunViewSnapshot;
  canControl: boolean;
  actions: RunActions;
  price: { model: string; matched: string; price: ModelPrice };
  /** More header actions, such as "Save as test case". */
  headerExtra?: ReactNode;
  /** A planned run's actors and task edit action; absent for routine runs. */
  planned?: PlannedRunProps;
  /** Who the run works as and the prices, for its stages' totals; absent: no actor, the default price. */
  hierarchy?: RunHierarchyConfig;
};

const RUN_PANEL = { open: true, width: 352 };

/** The run page's client side: one run store, kept live from the SSE stream, drawn as header, canvas and side panel. */
export function RunView(props: Props) {
  return (
    <RunViewProvider snapshot={props.snapshot}>
      <RunStagesProvider config={props.hierarchy ?? NO_HIERARCHY_CONFIG}>
        <RunViewBody {...props} />
      </RunStagesProvider>
    </RunViewProvider>
  );
}

function RunViewBody({ snapshot, canControl, actions, price, headerExtra, planned }: Props) {
  useRunStream(snapshot.header.runId, snapshot.lastSeq);
  const panel = usePanelLayout("run-details", RUN_PANEL);
  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="run-view">
      <RunHeader canControl={canControl} control={actions.control} price={price} extra={headerExtra} />
      <UnreadableEventsNotice />
      {/* Below lg the panel goes under the canvas, full width. */}
      <div className="flex min-h-0 flex-1 flex-col lg:flex-row">
        <div className="min-h-0 min-w-0 flex-1">
          <RunCanvas />
        </div>
        <ResizablePanel
          side="right"
          label="the run details"
          minWidth={300}
          maxWidth={720}
          testId="run-panel"
          className="max-lg:h-1/2 max-lg:!w-full"
          {...panel}
        >
          <RunSidePanel
            runId={snapshot.header.runId}
            canControl={canControl}
            actions={actions}
            planned={planned ?? null}
          />
        </ResizablePanel>
      </div>
    </div>
  );
}
