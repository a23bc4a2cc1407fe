"use client";

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { Table, Td, Th } from "@/components/ui";

/** An error kind as the chart and its table show it, in the checker's one order (lib/evaluations ERROR_KINDS). */
export type ErrorKindView = { key: string; label: string };

export type ErrorBreakdown = {
  index: number;
  label: string;
  /** Failed cases (trials) by their headline error's kind, keyed as the kinds are. */
  counts: Record<string, number>;
  errored: number;
};

// One colour per kind, in the kinds' order; a kind past the palette reuses its last colour.
const COLORS = [
  "var(--color-warning, #d97706)",
  "var(--color-danger, #dc2626)",
  "var(--color-accent, #4f46e5)",
  "var(--color-muted, #6b7280)",
];

function summary(rows: ErrorBreakdown[], kinds: ErrorKindView[]): string {
  return rows
    .map(
      (row) =>
        `${row.label}: ${kinds.map((kind) => `${row.counts[kind.key] ?? 0} ${kind.label.toLowerCase()}`).join(", ")}`,
    )
    .join("; ");
}

/**
 * Failed cases by their headline error kind, one stacked bar per configuration, with the same figures as a table
 * (for screen readers, and for anyone who prefers numbers). The legend, the stack and the table list the kinds in
 * the same order, most severe first.
 */
export function ErrorChart({ rows, kinds }: { rows: ErrorBreakdown[]; kinds: ErrorKindView[] }) {
  const data = rows.map((row) => ({ ...row.counts, label: row.label, name: `#${row.index + 1}` }));
  const none = rows.every((row) => kinds.every((kind) => (row.counts[kind.key] ?? 0) === 0));
  const order = (dataKey: unknown) => kinds.findIndex((kind) => kind.key === dataKey);
  return (
    <div className="space-y-3" data-testid="error-chart">
      {none ? (
        <p className="text-sm text-muted" data-testid="error-chart-none">
          No failed case so far: nothing to break down.
        </p>
      ) : (
        <div role="img" aria-label={`Failed cases by error kind. ${summary(rows, kinds)}.`} className="h-64 w-full">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="name" />
              <YAxis allowDecimals={false} />
              <Tooltip
                labelFormatter={(_, payload) => payload?.[0]?.payload?.label ?? ""}
                itemSorter={(item) => order(item.dataKey)}
              />
              {/* Recharts sorts the legend by name unless told: the kinds' order, as in the table below. */}
              <Legend itemSorter={(item) => order(item.dataKey)} />
              {kinds.map((kind, index) => (
                <Bar
                  key={kind.key}
                  dataKey={kind.key}
                  name={kind.label}
                  stackId="errors"
                  fill={COLORS[Math.min(index, COLORS.length - 1)]}
                  // Drawn at once: a growing bar reads as a change of figures, and screenshots catch it half-way.
                  isAnimationActive={false}
                />
              ))}
            </BarChart>
          </ResponsiveContainer>
        </div>
      )}
      <details>
        <summary className="cursor-pointer text-sm text-muted hover:text-foreground">
          Show the figures as a table
        </summary>
        <Table data-testid="error-table">
          <caption className="sr-only">Failed cases by error kind per configuration</caption>
          <thead>
            <tr>
              <Th>Configuration</Th>
              {kinds.map((kind) => (
                <Th key={kind.key} className="text-right" data-testid="error-table-kind">
                  {kind.label}
                </Th>
              ))}
              <Th className="text-right">Errored</Th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.index}>
                <Td>
                  #{row.index + 1} {row.label}
                </Td>
                {kinds.map((kind) => (
                  <Td key={kind.key} className="text-right tabular-nums">
                    {row.counts[kind.key] ?? 0}
                  </Td>
                ))}
                <Td className="text-right tabular-nums">{row.errored}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </details>
    </div>
  );
}
