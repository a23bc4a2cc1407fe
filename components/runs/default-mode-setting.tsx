"use client";

import { useState } from "react";
import { Alert, Button, Card, CardBody, useFormAction } from "@/components/ui";
import { Select } from "@/components/ui/select";
import type { ActionState } from "@/lib/forms";
import { RUN_MODE_OPTIONS, runModeOption, type RunModeName } from "./run-modes";

type Props = {
  routineId: string;
  mode: RunModeName;
  /** Authors and admins change it; everyone else reads it. */
  canEdit: boolean;
  action: (state: ActionState, formData: FormData) => Promise<ActionState>;
};

/**
 * How runs of the routine execute unless their starter picks otherwise: a small select with the chosen mode's
 * explanation. The operator's start form preselects it.
 */
export function DefaultModeSetting({ routineId, mode, canEdit, action }: Props) {
  const { state, onSubmit, pending } = useFormAction(action, { status: "idle" } as ActionState);
  const [chosen, setChosen] = useState<RunModeName>(mode);
  return (
    <Card data-testid="default-mode">
      <CardBody>
        <form onSubmit={onSubmit} className="space-y-2" aria-labelledby="default-mode-label">
          <input type="hidden" name="routineId" value={routineId} />
          <div className="flex flex-wrap items-center gap-3">
            <label
              id="default-mode-label"
              htmlFor="default-mode-select"
              className="text-sm font-medium text-foreground"
            >
              Runs execute as
            </label>
            <Select
              id="default-mode-select"
              name="mode"
              value={chosen}
              onChange={(event) => setChosen(event.target.value as RunModeName)}
              disabled={!canEdit}
              aria-describedby="default-mode-hint"
              className="w-auto min-w-64"
              data-testid="default-mode-select"
            >
              {RUN_MODE_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
            {canEdit ? (
              <Button
                type="submit"
                size="sm"
                variant="secondary"
                pending={pending}
                disabled={chosen === mode && state.status !== "error"}
                data-testid="default-mode-save"
              >
                Save
              </Button>
            ) : null}
          </div>
          <p id="default-mode-hint" className="text-xs text-muted" data-testid="default-mode-hint">
            {runModeOption(chosen).explanation} Whoever starts a run can still pick the other mode.
          </p>
          {state.status === "error" ? (
            <Alert tone="error" testId="default-mode-error">
              {state.message}
            </Alert>
          ) : state.status === "success" && chosen === mode ? (
            <p className="text-xs text-success" role="status" data-testid="default-mode-saved">
              {state.message}
            </p>
          ) : null}
        </form>
      </CardBody>
    </Card>
  );
}
