"use client";

import { Play, Trash2 } from "lucide-react";
import { useState } from "react";
import { Alert, Button, Dialog } from "@/components/ui";
import { useFormAction } from "@/components/ui";
import { idleState, type ActionState } from "@/lib/forms";

type FormAction = (state: ActionState, formData: FormData) => Promise<ActionState>;

/** Starts a run of the suite; says why not (no active case, already running) when the server refuses. */
export function RunSuiteButton({
  routineId,
  suiteId,
  disabled,
  action,
}: {
  routineId: string;
  suiteId: string;
  disabled: boolean;
  action: FormAction;
}) {
  const { state, formAction, onSubmit, pending } = useFormAction(action, idleState as ActionState);
  return (
    <form action={formAction} onSubmit={onSubmit} className="flex flex-col items-end gap-2">
      <input type="hidden" name="routineId" value={routineId} />
      <input type="hidden" name="suiteId" value={suiteId} />
      <Button type="submit" pending={pending} disabled={disabled} data-testid="suite-run">
        <Play className="size-4" aria-hidden="true" /> Run the suite
      </Button>
      {state.status === "error" ? (
        <Alert tone="error" testId="suite-run-error">
          {state.message}
        </Alert>
      ) : null}
    </form>
  );
}

/** Deletes the suite with its results, after a confirmation. */
export function DeleteSuiteButton({
  routineId,
  suiteId,
  name,
  action,
}: {
  routineId: string;
  suiteId: string;
  name: string;
  action: FormAction;
}) {
  const [open, setOpen] = useState(false);
  const { state, formAction, onSubmit, pending } = useFormAction(action, idleState as ActionState);
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)} data-testid="suite-delete">
        <Trash2 className="size-4" aria-hidden="true" /> Delete
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={`Delete “${name}”?`}>
        <form action={formAction} onSubmit={onSubmit} className="space-y-4">
          <input type="hidden" name="routineId" value={routineId} />
          <input type="hidden" name="suiteId" value={suiteId} />
          <p className="text-sm text-muted">Its runs and results are deleted with it. The test cases stay.</p>
          {state.status === "error" ? <Alert tone="error">{state.message}</Alert> : null}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              Keep it
            </Button>
            <Button type="submit" variant="danger" pending={pending} data-testid="suite-delete-confirm">
              Delete the suite
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
