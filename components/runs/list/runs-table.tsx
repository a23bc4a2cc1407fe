"use client";

import { Radio } from "lucide-react";
import Link from "next/link";
import { useMemo, type ReactNode } from "react";
import { RelativeTimeLabel } from "@/components/routines/relative-time-label";
import { Badge, Table, Td, Th } from "@/components/ui";
import { elapsedMs, formatDuration, formatTokens } from "@/lib/stores/run-view";
import { RunStatusBadge } from "../run-status-badge";
import type { RunRowView } from "./run-list-types";
import { useLiveStatuses } from "./use-live-statuses";

/**
 * The runs, newest first, each status kept live; a row opens the run. With no runs it shows `empty`, and still
 * listens, so the first run started elsewhere appears.
 */
export function RunsTable({ runs, empty }: { runs: RunRowView[]; empty: ReactNode }) {
  const ids = useMemo(() => runs.map((run) => run.id), [runs]);
  const { statuses, live } = useLiveStatuses(ids);
  if (runs.length === 0) {
    return (
      <div data-testid="runs-table-empty" data-live={live || undefined}>
        {empty}
      </div>
    );
  }
  return (
    <div className="rounded-xl border border-border bg-surface shadow-sm">
      <div className="flex items-center justify-between gap-3 border-b border-border px-4 py-2 text-xs text-muted">
        <span data-testid="runs-count">{runs.length === 1 ? "1 run" : `${runs.length} runs`}</span>
        {live ? (
          <span className="flex items-center gap-1 text-success" data-testid="runs-live">
            <Radio className="size-3" aria-hidden="true" /> Live
          </span>
        ) : null}
      </div>
      <Table data-testid="runs-table">
        <thead>
          <tr>
            <Th>Status</Th>
            <Th>Routine</Th>
            <Th>Started by</Th>
            <Th>Started</Th>
            <Th className="text-right">Took</Th>
            <Th className="text-right">Tokens</Th>
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => {
            const status = statuses[run.id] ?? run.status;
            return (
              <tr
                key={run.id}
                data-testid={`run-row-${run.id}`}
                data-status={status}
                className="hover:bg-surface-muted/60"
              >
                <Td>
                  <RunStatusBadge status={status} testId={`run-row-status-${run.id}`} />
                </Td>
                <Td>
                  <Link
                    href={`/runs/${encodeURIComponent(run.id)}`}
                    className="font-medium text-foreground hover:text-accent hover:underline"
                    data-testid={`run-link-${run.id}`}
                  >
                    {run.routineId === null ? "Planned request" : run.routineName}
                  </Link>{" "}
                  {run.routineId === null ? (
                    <Badge tone="accent" className="ml-1">
                      planned
                    </Badge>
                  ) : (
                    <span className="text-xs text-muted">v{run.versionNumber}</span>
                  )}
                  {run.routineId === null && run.request ? (
                    <p
                      className="mt-0.5 max-w-md truncate text-xs text-muted"
                      title={run.request}
                      data-testid={`run-request-${run.id}`}
                    >
                      {run.request}
                    </p>
                  ) : null}
                  {run.isSubRun ? <Badge className="ml-2">sub-run</Badge> : null}
                  {run.error && status === "failed" ? (
                    <p className="mt-0.5 max-w-md truncate text-xs text-danger" title={run.error}>
                      {run.error}
                    </p>
                  ) : null}
                </Td>
                <Td className="text-muted">
                  {run.startedBy ?? "—"}
                  {run.source === "api" ? (
                    <Badge className="ml-2" title="Started through POST /api/runs">
                      API
                    </Badge>
                  ) : run.source === "mcp" ? (
                    <Badge className="ml-2" title="Started by an MCP client through /api/mcp">
                      MCP
                    </Badge>
                  ) : null}
                </Td>
                <Td className="whitespace-nowrap text-muted">
                  <RelativeTimeLabel iso={run.createdAt} />
                </Td>
                <Td className="text-right tabular-nums text-muted">
                  {run.finishedAt ? formatDuration(elapsedMs(run.startedAt, run.finishedAt, 0)) : "—"}
                </Td>
                <Td className="text-right tabular-nums text-muted">{formatTokens(run.tokens)}</Td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </div>
  );
}
