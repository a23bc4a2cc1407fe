import Link from "next/link";
import { Badge, Card, cn, Table, Td, Th } from "@/components/ui";
import type { LibraryActions, RoutineRowData, RowClashes } from "./library-types";
import { RelativeTimeLabel } from "./relative-time-label";
import { RoutineRowActions, type LibraryView } from "./routine-row-actions";
import { StatusBadge } from "./status-badge";

type Props = {
  routines: RoutineRowData[];
  view: LibraryView;
  /** Row actions for authors and admins; absent for everyone else. */
  actions?: Pick<LibraryActions, "duplicate" | "archive" | "restore">;
  /** The routine a notice is about, shown highlighted. */
  highlightId?: string;
};

/** A row's clash badge: links to the pair in the clash report above the table; its title names the routines. */
function ClashBadge({ clashes }: { clashes: RowClashes }) {
  const count = clashes.with.length === 1 ? "1 routine" : `${clashes.with.length} routines`;
  return (
    <a
      href={`#${clashes.anchor}`}
      title={`Its example requests clash with ${clashes.with.map((name) => `“${name}”`).join(", ")}`}
      className="rounded-full focus-visible:outline-2 focus-visible:outline-ring"
      data-testid="routine-clash-badge"
      data-count={clashes.with.length}
    >
      <Badge tone="warning">Clashes with {count}</Badge>
    </a>
  );
}

/** The routine library as a table: each name opens the routine. */
export function RoutineTable({ routines, view, actions, highlightId }: Props) {
  return (
    <Card data-testid="routine-table">
      <Table>
        <caption className="sr-only">Routines, most recently edited first</caption>
        <thead>
          <tr>
            <Th>Routine</Th>
            <Th>Status</Th>
            <Th>Owner</Th>
            <Th className="text-right">Steps</Th>
            <Th>Last edit</Th>
            {actions ? <Th className="text-right">Actions</Th> : null}
          </tr>
        </thead>
        <tbody>
          {routines.map((routine) => (
            <tr
              key={routine.id}
              data-testid="routine-row"
              data-routine-id={routine.id}
              data-highlighted={routine.id === highlightId || undefined}
              className={cn(routine.id === highlightId && "bg-accent-soft/50", routine.archived && "text-muted")}
            >
              <Td className="max-w-md">
                <Link
                  href={`/routines/${routine.id}`}
                  className="font-medium text-foreground hover:text-accent hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                  data-testid="routine-link"
                >
                  {routine.name}
                </Link>
                {routine.description ? (
                  <p className="mt-0.5 line-clamp-2 text-xs text-muted" data-testid="routine-description">
                    {routine.description}
                  </p>
                ) : null}
              </Td>
              <Td>
                <div className="flex flex-wrap items-center gap-1">
                  <StatusBadge
                    status={routine.status}
                    archived={routine.archived}
                    latestDecision={routine.latestDecision}
                    publishedVersionNumber={routine.publishedVersionNumber}
                    openCommentCount={routine.openCommentCount}
                  />
                  <span className="text-xs text-muted" data-testid="routine-version">
                    v{routine.versionNumber}
                  </span>
                  {routine.changedToolCount > 0 ? (
                    <Badge
                      tone="warning"
                      title="Tools this routine uses changed their schema since it was saved"
                      data-testid="routine-tools-changed"
                    >
                      {routine.changedToolCount === 1 ? "1 tool changed" : `${routine.changedToolCount} tools changed`}
                    </Badge>
                  ) : null}
                  {routine.clashes ? <ClashBadge clashes={routine.clashes} /> : null}
                </div>
              </Td>
              <Td>
                <p className="whitespace-nowrap" title={routine.ownerEmail} data-testid="routine-owner">
                  {routine.ownerName}
                </p>
              </Td>
              <Td className="text-right tabular-nums" data-testid="routine-steps">
                {routine.stepCount}
              </Td>
              <Td className="whitespace-nowrap text-muted">
                <RelativeTimeLabel iso={routine.updatedAt} testId="routine-updated" />
              </Td>
              {actions ? (
                <Td className="py-1.5 text-right">
                  <RoutineRowActions routine={routine} view={view} actions={actions} />
                </Td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}
