"use client";

import { Archive, ArchiveRestore, Copy } from "lucide-react";
import type { FormEvent, ReactNode } from "react";
import { Button, useFormAction } from "@/components/ui";
import type { LibraryActions } from "./library-types";

/** Hidden fields that bring the library back to the same search after a row action. */
export type LibraryView = { q: string; showArchived: boolean };

type Props = {
  routine: { id: string; name: string; archived: boolean };
  view: LibraryView;
  actions: Pick<LibraryActions, "duplicate" | "archive" | "restore">;
};

/** Duplicate and Archive (or Restore) for one routine. Errors appear under the buttons. */
export function RoutineRowActions({ routine, view, actions }: Props) {
  const duplicate = useFormAction(actions.duplicate, { status: "idle" });
  const toggle = useFormAction(routine.archived ? actions.restore : actions.archive, { status: "idle" });
  const error = [duplicate.state, toggle.state].find((state) => state.status === "error");
  return (
    <div className="flex flex-col items-end gap-1.5">
      <div className="flex justify-end gap-2">
        <RowForm routineId={routine.id} view={view} form={duplicate}>
          <Button
            type="submit"
            size="sm"
            variant="secondary"
            pending={duplicate.pending}
            aria-label={`Duplicate ${routine.name}`}
            data-testid="duplicate-routine"
          >
            <Copy className="size-3.5" aria-hidden="true" />
            Duplicate
          </Button>
        </RowForm>
        <RowForm routineId={routine.id} view={view} form={toggle}>
          {routine.archived ? (
            <Button
              type="submit"
              size="sm"
              variant="secondary"
              pending={toggle.pending}
              aria-label={`Restore ${routine.name}`}
              data-testid="restore-routine"
            >
              <ArchiveRestore className="size-3.5" aria-hidden="true" />
              Restore
            </Button>
          ) : (
            <Button
              type="submit"
              size="sm"
              variant="secondary"
              pending={toggle.pending}
              aria-label={`Archive ${routine.name}`}
              data-testid="archive-routine"
            >
              <Archive className="size-3.5" aria-hidden="true" />
              Archive
            </Button>
          )}
        </RowForm>
      </div>
      {error && error.status === "error" ? (
        <p role="alert" className="max-w-xs text-right text-xs font-medium text-danger" data-testid="routine-row-error">
          {error.message}
        </p>
      ) : null}
    </div>
  );
}

type FormHandle = { formAction: (formData: FormData) => void; onSubmit: (event: FormEvent<HTMLFormElement>) => void };

function RowForm({
  routineId,
  view,
  form,
  children,
}: {
  routineId: string;
  view: LibraryView;
  form: FormHandle;
  children: ReactNode;
}) {
  return (
    <form action={form.formAction} onSubmit={form.onSubmit}>
      <input type="hidden" name="routineId" value={routineId} />
      {view.q ? <input type="hidden" name="q" value={view.q} /> : null}
      {view.showArchived ? <input type="hidden" name="archived" value="1" /> : null}
      {children}
    </form>
  );
}
