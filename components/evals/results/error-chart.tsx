"use client";

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { Table, Td, Th } from "@/components/ui";

export type ErrorBreakdown = {
  index: number;
  label: string;
  structural: number;
  tool_selection: number;
  parameter: number;
  errored: number;
};

const SERIES = [
  { key: "structural", label: "Structural", color: "var(--color-warning, #d97706)" },
  { key: "tool_selection", label: "Tool selection", color: "var(--color-danger, #dc2626)" },
  { key: "parameter", label: "Parameter", color: "var(--color-accent, #4f46e5)" },
] as const;

function summary(rows: ErrorBreakdown[]): string {
  return rows
    .map(
      (row) =>
        `${row.label}: ${row.structural} structural, ${row.tool_selection} tool selection, ${row.parameter} parameter`,
    )
    .join("; ");
}

/**
 * Failed cases by their headline error kind, one stacked bar per configuration, with the same figures as a table
 * (for screen readers, and for anyone who prefers numbers).
 */
export function ErrorChart({ rows }: { rows: ErrorBreakdown[] }) {
  const data = rows.map((row) => ({ ...row, name: `#${row.index + 1}` }));
  const none = rows.every((row) => row.structural + row.tool_selection + row.parameter === 0);
  return (
    <div className="space-y-3" data-testid="error-chart">
      {none ? (
        <p className="text-sm text-muted" data-testid="error-chart-none">
          No failed case so far: nothing to break down.
        </p>
      ) : (
        <div role="img" aria-label={`Failed cases by error kind. ${summary(rows)}.`} className="h-64 w-full">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="name" />
              <YAxis allowDecimals={false} />
              <Tooltip labelFormatter={(_, payload) => payload?.[0]?.payload?.label ?? ""} />
              <Legend />
              {SERIES.map((series) => (
                <Bar
                  key={series.key}
                  dataKey={series.key}
                  name={series.label}
                  stackId="errors"
                  fill={series.color}
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
              {SERIES.map((series) => (
                <Th key={series.key} className="text-right">
                  {series.label}
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
                <Td className="text-right tabular-nums">{row.structural}</Td>
                <Td className="text-right tabular-nums">{row.tool_selection}</Td>
                <Td className="text-right tabular-nums">{row.parameter}</Td>
                <Td className="text-right tabular-nums">{row.errored}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </details>
    </div>
  );
}
