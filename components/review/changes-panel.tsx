"use client";

import { cn } from "@/components/ui";
import type { ReviewDiff } from "@/lib/review-rules";
import { defaultModeSentence } from "./default-mode-notice";
import { DIFF_STYLE } from "./diff-style";

const ROUTINE_FIELD_NAMES: Record<string, string> = {
  name: "name",
  description: "description",
  intents: "example requests",
  inputs: "inputs",
  schemaVersion: "schema version",
};

/** Every step that differs, as buttons that show it on the canvases: the keyboard's way through the diff. */
export function ChangesPanel({
  diff,
  hasBase,
  selectedStepId,
  onSelect,
}: {
  diff: ReviewDiff;
  hasBase: boolean;
  selectedStepId: string | null;
  onSelect: (stepId: string) => void;
}) {
  const routineFields = diff.routineFields.map((field) => ROUTINE_FIELD_NAMES[field] ?? field);
  return (
    <div className="space-y-3" data-testid="changes-panel">
      {routineFields.length > 0 ? (
        <p className="text-sm text-foreground" data-testid="routine-field-changes">
          The routine&apos;s {routineFields.join(", ")} changed.
        </p>
      ) : null}
      {diff.defaultMode ? (
        <p className="text-sm font-medium text-foreground" data-testid="default-mode-change">
          {defaultModeSentence(diff.defaultMode)}
        </p>
      ) : null}
      {diff.changes.length === 0 ? (
        <p className="text-sm text-muted" data-testid="no-step-changes">
          {hasBase
            ? "No step differs from the base version (moving steps on the canvas is not a change)."
            : "This version has no steps."}
        </p>
      ) : (
        <ul className="space-y-1">
          {diff.changes.map((change) => (
            <li key={change.stepId}>
              <button
                type="button"
                onClick={() => onSelect(change.stepId)}
                aria-current={change.stepId === selectedStepId || undefined}
                data-testid="change-item"
                data-step-id={change.stepId}
                data-diff={change.status}
                className={cn(
                  "flex w-full items-start gap-2 rounded-lg border-2 px-3 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-ring",
                  DIFF_STYLE[change.status].node,
                  change.stepId === selectedStepId && "ring-2 ring-accent/40",
                )}
              >
                <span
                  className={cn(
                    "mt-0.5 shrink-0 rounded-full px-1.5 text-[10px] font-semibold uppercase",
                    DIFF_STYLE[change.status].tag,
                  )}
                >
                  {DIFF_STYLE[change.status].label}
                </span>
                <span className="min-w-0">
                  <span className="block truncate font-medium text-foreground">{change.name}</span>
                  {change.fields.length > 0 ? (
                    <span className="block truncate text-xs text-muted">{change.fields.join(", ")}</span>
                  ) : null}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
