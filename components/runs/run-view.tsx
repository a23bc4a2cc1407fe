"use client";

import type { ReactNode } from "react";
import type { ModelPrice } from "@/lib/llm";
import type { RunViewSnapshot } from "@/lib/stores/run-view";
import { RunCanvas } from "./canvas/run-canvas";
import type { RunActions } from "./run-actions-types";
import { RunHeader } from "./run-header";
import { RunSidePanel } from "./run-side-panel";
import { RunViewProvider } from "./run-view-context";
import { useRunStream } from "./use-run-stream";

type Props = {
  snapshot: RunViewSnapshot;
  canControl: boolean;
  actions: RunActions;
  price: { model: string; matched: string; price: ModelPrice };
  /** More header actions, such as "Save as test case". */
  headerExtra?: ReactNode;
};

/** The run page's client side: one run store, kept live from the SSE stream, drawn as header, canvas and side panel. */
export function RunView(props: Props) {
  return (
    <RunViewProvider snapshot={props.snapshot}>
      <RunViewBody {...props} />
    </RunViewProvider>
  );
}

function RunViewBody({ snapshot, canControl, actions, price, headerExtra }: Props) {
  useRunStream(snapshot.header.runId, snapshot.lastSeq);
  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="run-view">
      <RunHeader canControl={canControl} control={actions.control} price={price} extra={headerExtra} />
      <div className="grid min-h-0 flex-1 grid-rows-[minmax(0,1fr)_minmax(0,1fr)] lg:grid-cols-[minmax(0,1fr)_24rem] lg:grid-rows-1">
        <div className="min-h-0">
          <RunCanvas />
        </div>
        <RunSidePanel runId={snapshot.header.runId} canControl={canControl} actions={actions} />
      </div>
    </div>
  );
}
