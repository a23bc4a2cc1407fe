"use client";

import { Trash2 } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Alert, Button, Dialog, useFormAction } from "@/components/ui";
import { idleState, type ActionState } from "@/lib/forms";
import type { FormAction } from "./actor-types";

type Props = {
  id: string;
  /** What is deleted, for the button's accessible name and the dialog's title. */
  label: string;
  consequence: ReactNode;
  action: FormAction;
  onDeleted: (message: string) => void;
  testId: string;
};

/** Deletes a record after a confirmation; a refusal (a toolkit still in use) is shown in the dialog. */
export function DeleteButton({ id, label, consequence, action, onDeleted, testId }: Props) {
  const [open, setOpen] = useState(false);
  const remove = async (state: ActionState, formData: FormData) => {
    const result = await action(state, formData);
    if (result.status === "success") {
      setOpen(false);
      onDeleted(result.message);
    }
    return result;
  };
  const { state, formAction, onSubmit, pending } = useFormAction(remove, idleState as ActionState);
  return (
    <>
      <Button
        variant="danger"
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={`Delete ${label}`}
        data-testid={`${testId}-delete`}
      >
        <Trash2 className="size-4" aria-hidden="true" />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={`Delete ${label}?`} testId={`${testId}-delete-dialog`}>
        <form action={formAction} onSubmit={onSubmit} className="space-y-4">
          <input type="hidden" name="id" value={id} />
          <p className="text-sm text-muted">{consequence}</p>
          {state.status === "error" ? (
            <Alert tone="error" testId={`${testId}-delete-error`}>
              {state.message}
            </Alert>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              Keep it
            </Button>
            <Button type="submit" variant="danger" pending={pending} data-testid={`${testId}-delete-confirm`}>
              Delete
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
