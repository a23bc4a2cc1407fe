import { Activity } from "lucide-react";
import { Badge, Card, CardHeader, EmptyState, Table, Td, Th } from "@/components/ui";
import type { LlmCallView, LlmRoleTotals } from "@/lib/db/llm";

/** A model call as the page hands it to this table: the DAL's view with its time as ISO text. */
export type UsageCallRow = Omit<LlmCallView, "at"> & { at: string };
export type UsageTotalRow = LlmRoleTotals & { role: string; title: string };

const number = (value: number) => value.toLocaleString("en-US");

/** Token totals per role and the most recent model calls, so an admin sees what the models cost and what failed. */
export function ModelUsage({ totals, calls }: { totals: UsageTotalRow[]; calls: UsageCallRow[] }) {
  return (
    <Card data-testid="models-usage">
      <CardHeader
        title="Model calls"
        description="Every call the planner, runner and connection tests made, with the tokens it used."
      />
      <Table data-testid="models-usage-totals">
        <thead>
          <tr>
            <Th>Role</Th>
            <Th className="text-right">Calls</Th>
            <Th className="text-right">Failed</Th>
            <Th className="text-right">Input tokens</Th>
            <Th className="text-right">Output tokens</Th>
          </tr>
        </thead>
        <tbody>
          {totals.map((total) => (
            <tr key={total.role} data-testid={`models-usage-total-${total.role}`}>
              <Td>{total.title}</Td>
              <Td className="text-right tabular-nums">{number(total.calls)}</Td>
              <Td className="text-right tabular-nums">{number(total.errors)}</Td>
              <Td className="text-right tabular-nums">{number(total.inputTokens)}</Td>
              <Td className="text-right tabular-nums">{number(total.outputTokens)}</Td>
            </tr>
          ))}
        </tbody>
      </Table>
      <div className="border-t border-border px-5 py-3 text-sm font-medium text-foreground">Recent calls</div>
      {calls.length === 0 ? (
        <div className="px-5 pb-5">
          <EmptyState icon={Activity} title="No model calls yet" testId="models-usage-empty">
            Calls appear here once the planner or a run uses a model, or when you test a connection.
          </EmptyState>
        </div>
      ) : (
        <Table data-testid="models-usage-calls">
          <thead>
            <tr>
              <Th>When (UTC)</Th>
              <Th>Role</Th>
              <Th>Model</Th>
              <Th>Purpose</Th>
              <Th>Result</Th>
              <Th className="text-right">Tokens in / out</Th>
              <Th className="text-right">Time</Th>
              <Th>By</Th>
            </tr>
          </thead>
          <tbody>
            {calls.map((call) => (
              <tr key={call.id} data-testid="models-usage-call" data-status={call.status} data-purpose={call.purpose}>
                <Td className="whitespace-nowrap font-mono text-xs">{call.at.replace("T", " ").slice(0, 19)}</Td>
                <Td>{call.role}</Td>
                <Td className="font-mono text-xs">{call.model || "—"}</Td>
                <Td className="text-xs">{call.purpose}</Td>
                <Td className="max-w-xs">
                  {call.status === "ok" ? <Badge tone="success">ok</Badge> : <Badge tone="danger">failed</Badge>}
                  {call.attempts > 1 ? <span className="ml-2 text-xs text-muted">{call.attempts} attempts</span> : null}
                  {call.error ? (
                    <p className="mt-1 truncate text-xs text-muted" title={call.error}>
                      {call.error}
                    </p>
                  ) : null}
                </Td>
                <Td className="text-right tabular-nums">
                  {number(call.inputTokens)} / {number(call.outputTokens)}
                </Td>
                <Td className="text-right tabular-nums">{number(call.durationMs)} ms</Td>
                <Td className="text-xs">{call.userEmail ?? <span className="text-muted">system</span>}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Card>
  );
}
