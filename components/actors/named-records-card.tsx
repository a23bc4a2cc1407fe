"use client";

import { Pencil, Plus, type LucideIcon } from "lucide-react";
import { Fragment, useState, type ReactNode } from "react";
import { Alert, Button, Card, CardBody, CardHeader, Dialog } from "@/components/ui";
import type { FormAction } from "./actor-types";
import { DeleteButton } from "./delete-button";

type NamedRecord = { id: string; name: string };

type Props<Row extends NamedRecord> = {
  /**
   * "toolkit", "actor": the card's texts and test ids name it (`${noun}s-card`, `${noun}-new`, `${noun}-row-${name}`,
   * `${noun}-dialog`, "Edit the toolkit …").
   */
  noun: string;
  title: string;
  description: string;
  rows: Row[];
  /** Why nothing can be created yet (the New button is then disabled and says why); undefined when it can. */
  cannotCreate?: string;
  emptyIcon: LucideIcon;
  emptyText: string;
  /** What a row says of its record, beside its Edit and Delete buttons. */
  summary: (row: Row) => ReactNode;
  /** What deleting the record would do, in its confirmation dialog. */
  deleteConsequence: (row: Row) => ReactNode;
  deleteAction: FormAction;
  dialogDescription?: string;
  /** The create-or-edit form for `record` (null: a new one). */
  form: (props: { record: Row | null; onSaved: (message: string) => void; onCancel: () => void }) => ReactNode;
};

/**
 * A card of named settings (toolkits, actor profiles): a New button, the last success, the records one a row with
 * Edit and Delete, and the create-or-edit form in a dialog.
 */
export function NamedRecordsCard<Row extends NamedRecord>({
  noun,
  title,
  description,
  rows,
  cannotCreate,
  emptyIcon: EmptyIcon,
  emptyText,
  summary,
  deleteConsequence,
  deleteAction,
  dialogDescription,
  form,
}: Props<Row>) {
  const [editing, setEditing] = useState<Row | "new" | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const done = (message: string) => {
    setEditing(null);
    setNotice(message);
  };
  const close = () => setEditing(null);
  const edited = editing === "new" ? null : editing;
  return (
    <Card data-testid={`${noun}s-card`}>
      <CardHeader
        title={title}
        description={description}
        actions={
          <Button
            size="sm"
            onClick={() => setEditing("new")}
            disabled={cannotCreate !== undefined}
            title={cannotCreate}
            data-testid={`${noun}-new`}
          >
            <Plus className="size-4" aria-hidden="true" /> New {noun}
          </Button>
        }
      />
      <CardBody className="space-y-3">
        {notice ? (
          <Alert tone="success" testId={`${noun}s-success`}>
            {notice}
          </Alert>
        ) : null}
        {rows.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted" data-testid={`${noun}s-empty`}>
            <EmptyIcon className="size-4" aria-hidden="true" />
            {emptyText}
          </p>
        ) : (
          <ul className="divide-y divide-border">
            {rows.map((row) => (
              <li
                key={row.id}
                className="flex flex-wrap items-start justify-between gap-3 py-3"
                data-testid={`${noun}-row-${row.name}`}
              >
                <div className="min-w-0 flex-1 space-y-1">{summary(row)}</div>
                <div className="flex gap-2">
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => setEditing(row)}
                    aria-label={`Edit the ${noun} ${row.name}`}
                    data-testid={`${noun}-row-${row.name}-edit`}
                  >
                    <Pencil className="size-4" aria-hidden="true" /> Edit
                  </Button>
                  <DeleteButton
                    id={row.id}
                    label={`the ${noun} “${row.name}”`}
                    consequence={deleteConsequence(row)}
                    action={deleteAction}
                    onDeleted={setNotice}
                    testId={`${noun}-row-${row.name}`}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
      <Dialog
        open={editing !== null}
        onClose={close}
        title={edited ? `Edit the ${noun} “${edited.name}”` : `New ${noun}`}
        description={dialogDescription}
        testId={`${noun}-dialog`}
      >
        {/* Keyed by the record: another record's form starts from that record's values, not the last one typed. */}
        {editing !== null ? (
          <Fragment key={edited?.id ?? "new"}>{form({ record: edited, onSaved: done, onCancel: close })}</Fragment>
        ) : null}
      </Dialog>
    </Card>
  );
}
