"use client";

import { Plug } from "lucide-react";
import {
  Alert,
  Badge,
  Button,
  ButtonLink,
  Card,
  CardHeader,
  EmptyState,
  Table,
  Td,
  Th,
  useFormAction,
} from "@/components/ui";
import type { ActionState } from "@/lib/forms";

/** A published routine as the Integrations page lists it; `excludedReason` is set when it cannot be a tool. */
export type McpRoutineRow = {
  routineId: string;
  routineName: string;
  versionNumber: number;
  toolName: string;
  hidden: boolean;
  readOnly: boolean;
  waitsForPeople: boolean;
  excludedReason: string | null;
};

/** The server action that hides a routine from MCP (`hidden` "true") or offers it again ("false"). */
export type SetMcpHiddenAction = (state: ActionState, formData: FormData) => Promise<ActionState>;

type Status = "offered" | "hidden" | "left-out";

const STATUS: Record<Status, { label: string; tone: "success" | "neutral" | "warning" }> = {
  offered: { label: "Offered", tone: "success" },
  hidden: { label: "Hidden", tone: "neutral" },
  "left-out": { label: "Left out", tone: "warning" },
};

const statusOf = (row: McpRoutineRow): Status => (row.excludedReason ? "left-out" : row.hidden ? "hidden" : "offered");

const IDLE: ActionState = { status: "idle" };

/** Every published routine: the tool it is, what it does to data, and whether clients are offered it. */
export function McpRoutinesTable({ rows, setHidden }: { rows: McpRoutineRow[]; setHidden: SetMcpHiddenAction }) {
  if (rows.length === 0) {
    return (
      <EmptyState
        icon={Plug}
        title="Publish a routine to offer it over MCP"
        testId="mcp-routines-empty"
        action={
          <ButtonLink href="/routines" variant="secondary">
            Open the routine library
          </ButtonLink>
        }
      >
        <p>
          Each published routine becomes a tool here, named after the routine. Until one is published, clients are
          offered only <code className="font-mono text-xs">run_by_request</code>.
        </p>
      </EmptyState>
    );
  }
  const offered = rows.filter((row) => statusOf(row) === "offered").length;
  return (
    <Card data-testid="mcp-routines">
      <CardHeader
        title="Published routines"
        description={`${offered} of ${rows.length} offered as tools. Hiding one takes it out of clients' next tool list (connected clients are told the list changed); runs already started go on.`}
      />
      <Table>
        <caption className="sr-only">Published routines and the MCP tools they are offered as</caption>
        <thead>
          <tr>
            <Th>Routine</Th>
            <Th>Tool name</Th>
            <Th>Behaviour</Th>
            <Th>Status</Th>
            <Th className="text-right">
              <span className="sr-only">Actions</span>
            </Th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <RoutineRow key={row.routineId} row={row} setHidden={setHidden} />
          ))}
        </tbody>
      </Table>
    </Card>
  );
}

function RoutineRow({ row, setHidden }: { row: McpRoutineRow; setHidden: SetMcpHiddenAction }) {
  const { state, formAction, onSubmit, pending } = useFormAction(setHidden, IDLE);
  const status = statusOf(row);
  const messageId = `mcp-routine-message-${row.routineId}`;
  return (
    <tr data-testid={`mcp-routine-${row.toolName}`} data-status={status}>
      <Td>
        <p className="font-medium">{row.routineName}</p>
        <p className="text-xs text-muted">Version {row.versionNumber}</p>
      </Td>
      <Td>
        <code className="break-all font-mono text-xs" data-testid="mcp-routine-tool">
          {row.toolName}
        </code>
      </Td>
      <Td>
        <ul className="flex flex-wrap gap-1" aria-label={`What “${row.routineName}” does`}>
          <li>
            {row.readOnly ? (
              <Badge tone="accent" title="Every tool it calls only reads data" data-testid="mcp-routine-read-only">
                read-only
              </Badge>
            ) : (
              <Badge
                tone="warning"
                title="It calls a tool that may change data, or starts another routine"
                data-testid="mcp-routine-changes-data"
              >
                changes data
              </Badge>
            )}
          </li>
          {row.waitsForPeople ? (
            <li>
              <Badge
                title="A step waits for a person: an approval or a form"
                data-testid="mcp-routine-waits-for-people"
              >
                may ask a person
              </Badge>
            </li>
          ) : null}
        </ul>
      </Td>
      <Td>
        <Badge tone={STATUS[status].tone} data-testid="mcp-routine-status">
          {STATUS[status].label}
        </Badge>
        {row.excludedReason ? (
          <p className="mt-1 max-w-xs text-xs text-muted" data-testid="mcp-routine-reason">
            {row.excludedReason}
            {row.hidden ? " It is also hidden." : ""}
          </p>
        ) : null}
      </Td>
      <Td className="text-right">
        <form action={formAction} onSubmit={onSubmit} className="inline-flex flex-col items-end gap-1">
          <input type="hidden" name="routineId" value={row.routineId} />
          <input type="hidden" name="hidden" value={row.hidden ? "false" : "true"} />
          <Button
            type="submit"
            size="sm"
            variant="secondary"
            pending={pending}
            aria-describedby={state.status === "idle" ? undefined : messageId}
            aria-label={
              row.hidden ? `Show “${row.routineName}” to MCP clients` : `Hide “${row.routineName}” from MCP clients`
            }
            data-testid="mcp-routine-toggle"
          >
            {row.hidden ? "Show" : "Hide"}
          </Button>
          {state.status === "error" ? (
            <div id={messageId} className="max-w-xs text-left" data-testid="mcp-routine-error">
              <Alert tone="error">{state.message}</Alert>
            </div>
          ) : state.status === "success" ? (
            <p
              id={messageId}
              role="status"
              className="max-w-xs text-left text-xs text-muted"
              data-testid="mcp-routine-message"
            >
              {state.message}
            </p>
          ) : null}
        </form>
      </Td>
    </tr>
  );
}
