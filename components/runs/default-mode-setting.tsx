"use client";

import { useState } from "react";
import { Alert, Button, Card, CardBody, useFormAction } from "@/components/ui";
import { Select } from "@/components/ui/select";
import type { ActionState } from "@/lib/forms";
import { RUN_MODE_OPTIONS, runModeOption, type RunModeName } from "./run-modes";

/** The default run mode of the version that runs now and of the working version (lib/db/reviews' DefaultModes). */
export type DefaultModesView = {
  published: { number: number; mode: RunModeName } | null;
  working: { number: number; status: string; mode: RunModeName };
};

type Props = {
  routineId: string;
  modes: DefaultModesView;
  /** Authors and admins change it; everyone else reads it. */
  canEdit: boolean;
  action: (state: ActionState, formData: FormData) => Promise<ActionState>;
};

/**
 * How runs of the routine execute unless their starter picks otherwise. The mode is part of a version's content:
 * what runs now is the published version's; a change goes into the working draft (a new draft from the published
 * version when none is open) and takes effect once that version is reviewed and published.
 */
export function DefaultModeSetting({ routineId, modes, canEdit, action }: Props) {
  const { state, onSubmit, pending } = useFormAction(action, { status: "idle" } as ActionState);
  const { published, working } = modes;
  const draft = working.status === "draft";
  const inReview = working.status === "in_review";
  // What a save changes: the open draft's mode, else the published version's (a new draft starts from it).
  const current = draft ? working.mode : (published?.mode ?? working.mode);
  const [chosen, setChosen] = useState<RunModeName>(current);
  const editable = canEdit && !inReview;
  const where = draft
    ? `Saved in draft v${working.number}`
    : `Saved in a new draft from v${published?.number ?? working.number}`;
  return (
    <Card data-testid="default-mode">
      <CardBody>
        <form onSubmit={onSubmit} className="space-y-2" aria-labelledby="default-mode-label">
          <input type="hidden" name="routineId" value={routineId} />
          <p className="text-sm text-foreground" data-testid="default-mode-published">
            {published
              ? `Runs of the published v${published.number} execute as ${runModeOption(published.mode).label.toLowerCase()} unless their starter picks otherwise.`
              : "Nothing is published yet, so nothing runs."}
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <label
              id="default-mode-label"
              htmlFor="default-mode-select"
              className="text-sm font-medium text-foreground"
            >
              {draft ? `Draft v${working.number} runs as` : "Next version runs as"}
            </label>
            <Select
              id="default-mode-select"
              name="mode"
              value={chosen}
              onChange={(event) => setChosen(event.target.value as RunModeName)}
              disabled={!editable}
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
            {editable ? (
              <Button
                type="submit"
                size="sm"
                variant="secondary"
                pending={pending}
                disabled={chosen === current && state.status !== "error"}
                data-testid="default-mode-save"
              >
                {draft ? `Save to draft v${working.number}` : "Start a draft with this mode"}
              </Button>
            ) : null}
          </div>
          <p id="default-mode-hint" className="text-xs text-muted" data-testid="default-mode-hint">
            {runModeOption(chosen).explanation}{" "}
            {inReview
              ? `v${working.number} is in review: withdraw it to change its mode, or wait for the decision.`
              : `${where}; it takes effect once that version is reviewed and published. Whoever starts a run can still pick the other mode.`}
          </p>
          {state.status === "error" ? (
            <Alert tone="error" testId="default-mode-error">
              {state.message}
            </Alert>
          ) : state.status === "success" ? (
            <p className="text-xs text-success" role="status" data-testid="default-mode-saved">
              {state.message}
            </p>
          ) : null}
        </form>
      </CardBody>
    </Card>
  );
}
