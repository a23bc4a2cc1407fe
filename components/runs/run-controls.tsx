"use client";

import { Ban, Pause, Play } from "lucide-react";
import { Button, useFormAction } from "@/components/ui";
import { isFinished, type RunStatus } from "@/lib/events";
import type { RunActions } from "./run-actions-types";
import { useWakeOnSuccess } from "./use-wake-on-success";

const CONTROLS = [
  {
    action: "pause",
    label: "Pause",
    icon: Pause,
    when: (status: RunStatus) => status === "running" || status === "queued" || status === "waiting",
  },
  { action: "resume", label: "Resume", icon: Play, when: (status: RunStatus) => status === "paused" },
  { action: "cancel", label: "Cancel run", icon: Ban, when: (status: RunStatus) => !isFinished(status) },
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
  const shown = CONTROLS.filter((item) => item.when(status));
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
