"use client";

import { Radio, WifiOff } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { BackLink } from "@/components/shell/canvas-page-header";
import { Badge } from "@/components/ui";
import { isFinished } from "@/lib/events";
import { estimateCost, type ModelPrice } from "@/lib/llm/pricing";
import {
  elapsedMs,
  formatCost,
  formatDuration,
  formatTokens,
  selectConnection,
  selectHeader,
} from "@/lib/stores/run-view";
import type { RunActions } from "./run-actions-types";
import { RunControls } from "./run-controls";
import { PLANNED_MODE_EXPLANATION, runModeOption } from "./run-modes";
import { RunStatusBadge } from "./run-status-badge";
import { useRunView } from "./run-view-context";
import { useNow } from "./use-now";

type Props = {
  canControl: boolean;
  control: RunActions["control"];
  /** The price the cost estimate uses, and the model it belongs to ("default" when unknown). */
  price: { model: string; matched: string; price: ModelPrice };
  /** More actions beside the controls (the page decides who sees them). */
  extra?: ReactNode;
};

/**
 * The run's header: routine and version (a planned run's request instead), who started it, live status, elapsed
 * time, tokens, estimated cost, controls.
 */
export function RunHeader({ canControl, control, price, extra }: Props) {
  const header = useRunView(selectHeader);
  const mode = header.mode ?? "workflow";
  const connection = useRunView(selectConnection);
  const finished = isFinished(header.status);
  const now = useNow(!finished && header.startedAt !== null);
  const cost = estimateCost(header, price.price);
  return (
    <header
      // One line on wide screens (a long routine name is cut, not the controls pushed to a second line).
      className="flex shrink-0 flex-wrap items-center gap-x-4 gap-y-2 border-b border-border bg-surface px-3 py-2 xl:flex-nowrap"
      data-testid="run-header"
    >
      <BackLink href="/runs" label="Runs" />
      <div className="flex min-w-0 items-center gap-2 xl:shrink">
        {header.routineId === null ? (
          <>
            <h1 className="shrink-0 text-sm font-semibold text-foreground" data-testid="page-title">
              Planned request
            </h1>
            <span
              className="min-w-0 truncate text-sm text-muted"
              title={header.request ?? undefined}
              data-testid="run-request"
            >
              {header.request}
            </span>
          </>
        ) : (
          <>
            <h1
              className="truncate text-sm font-semibold text-foreground"
              title={header.routineName}
              data-testid="page-title"
            >
              {header.routineName}
            </h1>
            <Link
              href={`/routines/${encodeURIComponent(header.routineId)}`}
              prefetch={false}
              className="text-xs text-accent hover:underline"
              data-testid="run-version-link"
            >
              v{header.versionNumber}
            </Link>
          </>
        )}
        <RunStatusBadge status={header.status} />
        <ModeBadge mode={mode} model={header.model ?? null} />
      </div>
      <dl className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted xl:shrink-0 xl:flex-nowrap xl:whitespace-nowrap">
        <div className="flex gap-1">
          <dt>Started by</dt>
          <dd className="text-foreground" data-testid="run-started-by">
            {header.startedBy?.name ?? "the system"}
            {header.source === "api" ? " (API)" : header.source === "mcp" ? " (MCP)" : ""}
          </dd>
        </div>
        <div className="flex gap-1">
          <dt>Elapsed</dt>
          <dd className="tabular-nums text-foreground" data-testid="run-elapsed" suppressHydrationWarning>
            {formatDuration(elapsedMs(header.startedAt, header.finishedAt, now))}
          </dd>
        </div>
        <div className="flex gap-1">
          <dt>Tokens</dt>
          <dd
            className="tabular-nums text-foreground"
            data-testid="run-tokens"
            title={`${formatTokens(header.inputTokens)} in, ${formatTokens(header.outputTokens)} out`}
          >
            {formatTokens(header.inputTokens + header.outputTokens)}
          </dd>
        </div>
        <div className="flex gap-1">
          <dt>Est. cost</dt>
          <dd
            className="tabular-nums text-foreground"
            data-testid="run-cost"
            title={`${price.model}: $${price.price.input} / $${price.price.output} per million input / output tokens${price.matched === "default" ? " (default price)" : ""}`}
          >
            {formatCost(cost)}
          </dd>
        </div>
      </dl>
      <div className="ml-auto flex items-center gap-3">
        {connection === "live" ? (
          <Badge tone="success" className="gap-1" data-testid="run-connection" data-connection="live">
            <Radio className="size-3" aria-hidden="true" /> Live
          </Badge>
        ) : connection === "reconnecting" ? (
          <Badge tone="warning" className="gap-1" data-testid="run-connection" data-connection="reconnecting">
            <WifiOff className="size-3" aria-hidden="true" /> Reconnecting…
          </Badge>
        ) : null}
        {extra}
        {canControl ? <RunControls runId={header.runId} status={header.status} control={control} /> : null}
      </div>
    </header>
  );
}

function ModeBadge({ mode, model }: { mode: "workflow" | "agent" | "planned"; model: string | null }) {
  const explanation = mode === "planned" ? PLANNED_MODE_EXPLANATION : runModeOption(mode).explanation;
  return (
    <Badge
      tone={mode === "workflow" ? "neutral" : "accent"}
      title={`${explanation}${model ? ` Model: ${model}.` : ""}`}
      data-testid="run-mode"
      data-mode={mode}
    >
      {mode === "agent" ? "Agent" : mode === "planned" ? "Planned" : "Workflow"}
      {model ? ` · ${model}` : ""}
    </Badge>
  );
}
