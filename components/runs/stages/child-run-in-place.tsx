"use client";

import { ExternalLink } from "lucide-react";
import Link from "next/link";
import { useEffect, useMemo, useState } from "react";
import { cn, ProgressBar, Spinner } from "@/components/ui";
import {
  progressStepIds,
  progressSummary,
  selectHeader,
  selectNodeRunView,
  selectProgressCounts,
  type RunViewSnapshot,
  type StepView,
} from "@/lib/stores/run-view";
import { PanelSection } from "../panel-section";
import type { RunActions } from "../run-actions-types";
import { RunStatusBadge } from "../run-status-badge";
import { STEP_STATE_STYLE, TONE_TEXT } from "../run-styles";
import { RunViewProvider, useRunStructure, useRunView, useRunViewApi } from "../run-view-context";
import { useRunStream } from "../use-run-stream";

type Lookup = { stepRunId: string; child: RunViewSnapshot | null } | { stepRunId: string; error: string };

/**
 * The run a sub-routine step started, in place: its status and its steps' states, live from its own event stream,
 * and a link to its own page. Looked up when the step is opened and again as the step's state changes until the
 * child exists (it starts when the step does).
 */
export function ChildRunInPlace({
  runId,
  view,
  readChildRun,
}: {
  runId: string;
  view: StepView & { stepRunId: string };
  readChildRun: RunActions["readChildRun"];
}) {
  const [lookup, setLookup] = useState<Lookup | null>(null);
  const current = lookup?.stepRunId === view.stepRunId ? lookup : null;
  const found = current !== null && "child" in current && current.child !== null;
  useEffect(() => {
    if (found) return;
    let stale = false;
    readChildRun(runId, view.stepRunId).then(
      (result) => {
        if (stale) return;
        setLookup(
          result.ok
            ? { stepRunId: view.stepRunId, child: result.child }
            : { stepRunId: view.stepRunId, error: result.message },
        );
      },
      () => {
        if (!stale) setLookup({ stepRunId: view.stepRunId, error: "The sub-routine's run could not be read." });
      },
    );
    return () => {
      stale = true;
    };
  }, [runId, view.stepRunId, view.state, found, readChildRun]);

  return (
    <PanelSection title="Sub-routine run" testId="child-run-section">
      {current === null ? (
        <p className="flex items-center gap-2 text-sm text-muted">
          <Spinner className="size-4" /> Looking for the sub-routine’s run…
        </p>
      ) : "error" in current ? (
        <p className="text-sm text-danger" data-testid="child-run-error">
          {current.error}
        </p>
      ) : current.child === null ? (
        <p className="text-sm text-muted" data-testid="child-run-none">
          The sub-routine has not started a run yet.
        </p>
      ) : (
        <RunViewProvider key={current.child.header.runId} snapshot={current.child}>
          <ChildRun historyUntil={current.child.lastSeq} />
        </RunViewProvider>
      )}
    </PanelSection>
  );
}

/** The child's header line and its steps, read from its own run store (kept live by its own stream). */
function ChildRun({ historyUntil }: { historyUntil: number }) {
  const api = useRunViewApi();
  const header = useRunView(selectHeader);
  const counts = useRunView(selectProgressCounts);
  useRunStream(header.runId, historyUntil);
  const ids = useMemo(() => progressStepIds(api.getState()), [api]);
  return (
    <div className="space-y-2 rounded-lg border border-border p-3" data-testid="child-run" data-status={header.status}>
      <div className="flex items-center gap-2">
        <span className="min-w-0 flex-1 truncate text-sm font-medium text-foreground" title={header.routineName}>
          {header.routineName}
        </span>
        <RunStatusBadge status={header.status} testId="child-run-status" />
        <Link
          href={`/runs/${encodeURIComponent(header.runId)}`}
          prefetch={false}
          className="inline-flex items-center gap-1 text-xs text-accent hover:underline"
          data-testid="child-run-open"
        >
          Open <ExternalLink className="size-3" aria-hidden="true" />
        </Link>
      </div>
      <p className="text-xs text-muted">{progressSummary(counts)}</p>
      <ProgressBar done={counts.done + counts.skipped} total={counts.total} />
      <ol className="space-y-0.5">
        {ids.map((id) => (
          <ChildStep key={id} stepId={id} />
        ))}
      </ol>
    </div>
  );
}

function ChildStep({ stepId }: { stepId: string }) {
  const step = useRunStructure().steps.get(stepId);
  const view = useRunView((state) => selectNodeRunView(state, stepId));
  if (!step) return null;
  const style = STEP_STATE_STYLE[view.state];
  const Icon = style.icon;
  return (
    <li className="flex items-center gap-2 text-sm" data-testid={`child-run-step-${stepId}`} data-state={view.state}>
      <span className={cn("shrink-0", TONE_TEXT[style.tone])} title={style.label}>
        {view.state === "running" ? <Spinner className="size-4" /> : <Icon className="size-4" aria-hidden="true" />}
        <span className="sr-only">{style.label}</span>
      </span>
      <span className="min-w-0 flex-1 truncate text-foreground">{step.name}</span>
      <span className="shrink-0 text-xs text-muted">{style.label}</span>
    </li>
  );
}
