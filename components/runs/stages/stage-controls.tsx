"use client";

import { Ban, Pause, RotateCcw } from "lucide-react";
import { useState } from "react";
import { Button, Dialog, Field, FormStatus, Textarea, useFormAction } from "@/components/ui";
import type { RunStatus } from "@/lib/events";
import type { StageNode } from "@/lib/runs/hierarchy";
import type { RunActions } from "../run-actions-types";
import { useWakeOnSuccess } from "../use-wake-on-success";
import { STAGE_ACTION_TEXT, stageActionBlocked, type StageAction } from "./stage-control-rules";

const ACTIONS: Array<{ action: StageAction; icon: typeof Pause; variant: "secondary" | "danger" }> = [
  { action: "pause", icon: Pause, variant: "secondary" },
  { action: "cancel", icon: Ban, variant: "danger" },
  { action: "retry", icon: RotateCcw, variant: "secondary" },
];

const MAX_REASON = 500;

/**
 * Pause, cancel and retry for one stage, each confirmed in a dialog that asks for an optional reason (kept with the
 * run's audited event). A control that does not apply now is disabled, with the reason written beside it.
 */
export function StageControls({
  runId,
  stage,
  runStatus,
  action,
}: {
  runId: string;
  stage: StageNode & { stageId: string };
  runStatus: RunStatus;
  action: RunActions["controlStage"];
}) {
  const { state, formAction, onSubmit, pending } = useFormAction(action, { status: "idle" });
  useWakeOnSuccess(state);
  const [open, setOpen] = useState<StageAction | null>(null);
  const [reason, setReason] = useState("");
  // A control that went through closes its dialog and starts the next one with an empty reason.
  const [seen, setSeen] = useState(state);
  if (state !== seen) {
    setSeen(state);
    if (state.status === "success") {
      setOpen(null);
      setReason("");
    }
  }
  const blocked = ACTIONS.map(({ action: kind }) => ({ kind, why: stageActionBlocked(kind, stage, runStatus) }));
  const text = open ? STAGE_ACTION_TEXT[open] : null;
  return (
    <div className="space-y-2" data-testid="stage-controls">
      <div className="flex flex-wrap gap-2">
        {ACTIONS.map(({ action: kind, icon: Icon, variant }) => {
          const why = blocked.find((item) => item.kind === kind)!.why;
          return (
            <Button
              key={kind}
              type="button"
              size="sm"
              variant={variant}
              disabled={why !== null || pending}
              title={why ?? undefined}
              aria-describedby={why ? `stage-${kind}-why` : undefined}
              onClick={() => setOpen(kind)}
              data-testid={`stage-${kind}`}
            >
              <Icon className="size-4" aria-hidden="true" /> {STAGE_ACTION_TEXT[kind].label}
            </Button>
          );
        })}
      </div>
      {blocked.some((item) => item.why) ? (
        <ul className="space-y-0.5 text-xs text-muted" data-testid="stage-controls-hints">
          {blocked.map(({ kind, why }) =>
            why ? (
              <li key={kind} id={`stage-${kind}-why`}>
                {STAGE_ACTION_TEXT[kind].label}: {why}
              </li>
            ) : null,
          )}
        </ul>
      ) : null}
      {open === null ? <FormStatus state={state} testId="stage-control" /> : null}
      <Dialog
        open={open !== null}
        onClose={() => setOpen(null)}
        title={text ? `${text.label} “${stage.name}”?` : ""}
        description={text?.effect}
        testId="stage-control-dialog"
      >
        <form action={formAction} onSubmit={onSubmit} className="space-y-4" noValidate>
          <input type="hidden" name="runId" value={runId} />
          <input type="hidden" name="stageId" value={stage.stageId} />
          <input type="hidden" name="action" value={open ?? ""} />
          <Field
            id="stage-reason"
            label="Reason (optional)"
            hint="Kept in the run's log with your name."
            errors={state.status === "error" ? state.fieldErrors?.reason : undefined}
          >
            {(aria) => (
              <Textarea
                {...aria}
                name="reason"
                rows={3}
                maxLength={MAX_REASON}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                data-testid="stage-reason"
              />
            )}
          </Field>
          {open !== null && state.status === "error" ? <FormStatus state={state} testId="stage-control" /> : null}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" size="sm" onClick={() => setOpen(null)}>
              Keep it
            </Button>
            <Button
              type="submit"
              size="sm"
              variant={open === "cancel" ? "danger" : "primary"}
              pending={pending}
              data-testid="stage-control-confirm"
            >
              {text?.confirm}
            </Button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}
