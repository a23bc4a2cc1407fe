import { Server } from "lucide-react";
import Link from "next/link";
import { Badge, Card, EmptyState, Table, Td, Th } from "@/components/ui";
import { agoLabel } from "./ago";
import type { WorkerRowView } from "./worker-types";

const STATUS: Record<WorkerRowView["status"], { label: string; tone: "success" | "danger" | "neutral" }> = {
  alive: { label: "Alive", tone: "success" },
  lost: { label: "Lost", tone: "danger" },
  stopped: { label: "Stopped", tone: "neutral" },
};

const utc = (iso: string) => `${iso.replace("T", " ").slice(0, 19)} UTC`;

/** The run workers seen in the last day: where each runs, whether it beats, and the runs it holds. */
export function WorkersTable({ rows, now }: { rows: WorkerRowView[]; now: string }) {
  if (rows.length === 0) {
    return (
      <EmptyState icon={Server} title="No run worker has started yet" testId="workers-empty">
        <p>
          Runs are carried out by run workers. The web server starts one itself unless it runs with{" "}
          <code>RUN_WORKER=off</code>; start more on any machine that reaches the database with{" "}
          <code>npm run worker</code>.
        </p>
        <p>Workers appear here within a few seconds of starting.</p>
      </EmptyState>
    );
  }
  return (
    <Card data-testid="workers-table">
      <Table>
        <caption className="sr-only">Run workers, alive first</caption>
        <thead>
          <tr>
            <Th>Host</Th>
            <Th>PID</Th>
            <Th>Status</Th>
            <Th>Runs in hand</Th>
            <Th>Concurrency</Th>
            <Th>Started</Th>
            <Th>Last heartbeat</Th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-testid="worker-row" data-worker-id={row.id} data-status={row.status}>
              <Td className="font-mono text-xs">{row.host}</Td>
              <Td className="font-mono text-xs tabular-nums" data-testid="worker-pid">
                {row.pid}
              </Td>
              <Td>
                <Badge tone={STATUS[row.status].tone} data-testid="worker-status">
                  {STATUS[row.status].label}
                </Badge>
              </Td>
              <Td data-testid="worker-runs">
                {row.runIds.length === 0 ? (
                  <span className="text-muted">none</span>
                ) : (
                  <ul className="flex flex-wrap gap-x-2 gap-y-1">
                    {row.runIds.map((runId) => (
                      <li key={runId}>
                        <Link
                          href={`/runs/${runId}`}
                          className="font-mono text-xs text-accent underline-offset-2 hover:underline"
                          aria-label={`Run ${runId}`}
                        >
                          {runId.slice(0, 8)}
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </Td>
              <Td className="tabular-nums">{row.concurrency}</Td>
              <Td className="whitespace-nowrap font-mono text-xs">{utc(row.startedAt)}</Td>
              <Td className="whitespace-nowrap tabular-nums" data-testid="worker-heartbeat">
                <time dateTime={row.heartbeatAt} title={utc(row.heartbeatAt)}>
                  {agoLabel(row.heartbeatAt, now)}
                </time>
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}
