"use client";

import { AlertTriangle, Eye, Pencil, Trash2 } from "lucide-react";
import Link from "next/link";
import { useTransition } from "react";
import { Badge, Button, Dialog, Td } from "@/components/ui";
import { SOURCE_LABELS, type CaseActions, type CaseView } from "./case-types";

export function CaseRow(props: { item: CaseView; canWrite: boolean; onEdit: () => void; onDelete: () => void }) {
  const { item } = props;
  const isFlagged = item.problems.length > 0;
  return (
    <tr data-testid="case-row" data-case-id={item.id} data-flagged={isFlagged || undefined}>
      <Td className="font-medium">
        {item.name}
        {item.strict ? (
          <Badge
            className="ml-2"
            tone="accent"
            title="Strict: passes only when its calls are right and every tool answered without an error."
            data-testid="case-strict-badge"
          >
            strict
          </Badge>
        ) : null}
      </Td>
      <Td className="max-w-md">
        <span className="line-clamp-2 text-muted" title={item.request}>
          {item.request}
        </span>
      </Td>
      <Td className="text-right tabular-nums" data-testid="case-call-count">
        {item.expectedCalls.length}
      </Td>
      <Td>
        <Badge>{SOURCE_LABELS[item.source]}</Badge>
        {item.sourceRunId ? (
          <Link
            href={`/runs/${encodeURIComponent(item.sourceRunId)}`}
            prefetch={false}
            className="ml-2 text-xs text-accent hover:underline"
          >
            run
          </Link>
        ) : null}
      </Td>
      <Td>
        {isFlagged ? (
          <Badge tone="warning" className="gap-1" title={item.problems.join(" ")} data-testid="case-flag">
            <AlertTriangle className="size-3" aria-hidden="true" /> Tool missing
          </Badge>
        ) : (
          <span className="text-xs text-muted">—</span>
        )}
        {isFlagged ? <span className="sr-only">{item.problems.join(" ")}</span> : null}
      </Td>
      <Td className="whitespace-nowrap text-right">
        <Button
          size="sm"
          variant="ghost"
          onClick={props.onEdit}
          aria-label={`${props.canWrite ? "Edit" : "View"} ${item.name}`}
          data-testid="edit-case"
        >
          {props.canWrite ? (
            <Pencil className="size-4" aria-hidden="true" />
          ) : (
            <Eye className="size-4" aria-hidden="true" />
          )}
          {props.canWrite ? "Edit" : "View"}
        </Button>
        {props.canWrite ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={props.onDelete}
            aria-label={`Delete ${item.name}`}
            data-testid="delete-case"
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </Button>
        ) : null}
      </Td>
    </tr>
  );
}

export function DeleteDialog(props: {
  item: CaseView | null;
  onClose: () => void;
  routineId: string;
  remove: CaseActions["remove"];
  onError: (message: string) => void;
}) {
  const [pending, startTransition] = useTransition();
  const confirm = () =>
    startTransition(async () => {
      if (!props.item) return;
      const state = await props.remove({ routineId: props.routineId, caseId: props.item.id });
      if (state.status === "error") props.onError(state.message);
      props.onClose();
    });
  return (
    <Dialog
      open={props.item !== null}
      onClose={props.onClose}
      title="Delete this test case?"
      description={props.item?.name}
      testId="delete-case-dialog"
    >
      <p className="text-sm text-muted">Its past results in suites are deleted with it. This cannot be undone.</p>
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="secondary" onClick={props.onClose}>
          Cancel
        </Button>
        <Button variant="danger" onClick={confirm} pending={pending} data-testid="confirm-delete-case">
          Delete
        </Button>
      </div>
    </Dialog>
  );
}
