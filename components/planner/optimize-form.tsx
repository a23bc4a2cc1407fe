"use client";

import { useId, useState, type FormEvent } from "react";
import { Button, cn, Field, TabList, TabPanel, Textarea } from "@/components/ui";
import { MAX_DRAFT_CHARS } from "@/lib/planner/contract";

export type DraftSource = "canvas" | "text";
const SOURCES: ReadonlyArray<{ id: DraftSource; label: string }> = [
  { id: "canvas", label: "Current canvas" },
  { id: "text", label: "Paste a draft" },
];

type Props = {
  /** Why the canvas cannot be sent yet (unsaved changes), if so. */
  canvasWait?: string;
  source: DraftSource;
  onSourceChange: (source: DraftSource) => void;
  text: string;
  onTextChange: (text: string) => void;
  onSubmit: () => void;
};

const count = (value: number) => value.toLocaleString("en");

/** Choose what the planner reads: the routine as last saved on the canvas, or a pasted draft (free or paper text). */
export function OptimizeForm({ canvasWait, source, onSourceChange, text, onTextChange, onSubmit }: Props) {
  const id = useId();
  const [touched, setTouched] = useState(false);
  const over = text.length - MAX_DRAFT_CHARS;
  const empty = text.trim() === "";
  const textError =
    source !== "text"
      ? undefined
      : over > 0
        ? `${count(over)} character${over === 1 ? "" : "s"} over the limit: shorten the draft or split it into smaller routines.`
        : touched && empty
          ? "Paste a draft first."
          : undefined;
  const blocked = source === "text" ? empty || over > 0 : Boolean(canvasWait);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!blocked) onSubmit();
  };
  return (
    <form onSubmit={submit} className="space-y-4" data-testid="optimize-form" noValidate>
      <TabList
        tabs={SOURCES}
        value={source}
        onChange={onSourceChange}
        idPrefix="optimize-source"
        label="What the planner reads"
      />
      <TabPanel idPrefix="optimize-source" id="canvas" active={source === "canvas"}>
        <p className="text-sm text-muted">
          The planner reads the routine as last saved on the canvas, splits vague steps, picks one tool per step and
          binds its inputs. It keeps the ids of the steps it keeps, so the review shows what changed.
        </p>
        {canvasWait ? (
          <p className="mt-2 text-sm text-muted" role="status" data-testid="optimize-canvas-wait">
            {canvasWait}
          </p>
        ) : null}
      </TabPanel>
      <TabPanel idPrefix="optimize-source" id="text" active={source === "text"}>
        <Field
          id={`${id}-draft`}
          label="Draft"
          hint="Free text, or the paper's form (Step 1. Name: what to do, using tool_name tool;). Any language: the routine keeps it."
          errors={textError ? [textError] : undefined}
        >
          {(aria) => (
            <Textarea
              {...aria}
              rows={10}
              mono
              value={text}
              onChange={(event) => onTextChange(event.target.value)}
              onBlur={() => setTouched(true)}
              placeholder={
                "Step 1. Check leave balance: see whether the employee has days left, using get_leave_balance tool;\nStep 2. …"
              }
              data-testid="optimize-draft"
            />
          )}
        </Field>
        <p
          className={cn("mt-1 text-right text-xs tabular-nums", over > 0 ? "font-medium text-danger" : "text-muted")}
          data-testid="optimize-draft-count"
          aria-live="polite"
        >
          {count(text.length)} / {count(MAX_DRAFT_CHARS)} characters
        </p>
      </TabPanel>
      <p className="text-xs text-muted">The result is saved as a new version in review; this draft stays as it is.</p>
      <div className="flex justify-end">
        <Button
          type="submit"
          disabled={source === "canvas" ? blocked : blocked && (over > 0 || touched)}
          data-testid="optimize-start"
        >
          Optimize
        </Button>
      </div>
    </form>
  );
}
