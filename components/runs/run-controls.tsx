"use client";

import { Ban, Pause, Play } from "lucide-react";
import { Button, useFormAction } from "@/components/ui";
import type { RunStatus } from "@/lib/events";
import { runControlProblem } from "@/lib/runs/operations/rules";
import type { RunActions } from "./run-actions-types";
import { useWakeOnSuccess } from "./use-wake-on-success";

const CONTROLS = [
  { action: "pause", label: "Pause", icon: Pause },
  { action: "resume", label: "Resume", icon: Play },
  { action: "cancel", label: "Cancel run", icon: Ban },
] as const;

/** Pause, resume and cancel for operators: only the buttons that make sense in the run's current status. */
export function RunControls({
  runId,
  status,
  control,
}: {
  runId: string;
  status: RunStatus;
  control: RunActions["control"];
}) {
  const { state, onSubmit, formAction, pending } = useFormAction(control, { status: "idle" });
  useWakeOnSuccess(state);
  // The server's rules (lib/runs/operations/rules) over the run's status: the server checks again with the rest.
  const shown = CONTROLS.filter((item) => runControlProblem(item.action, { status }) === null);
  if (shown.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {shown.map(({ action, label, icon: Icon }) => (
        <form key={action} action={formAction} onSubmit={onSubmit}>
          <input type="hidden" name="runId" value={runId} />
          <input type="hidden" name="action" value={action} />
          <Button
            type="submit"
            size="sm"
            variant={action === "cancel" ? "danger" : "secondary"}
            disabled={pending}
            data-testid={`run-${action}`}
            onClick={(event) => {
              if (
                action === "cancel" &&
                !window.confirm("Cancel this run? Steps in flight are stopped and it cannot be resumed.")
              )
                event.preventDefault();
            }}
          >
            <Icon className="size-4" aria-hidden="true" />
            {label}
          </Button>
        </form>
      ))}
      {state.status === "error" ? (
        <p role="alert" className="text-xs font-medium text-danger" data-testid="run-control-error">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
