"use client";

import { useState } from "react";
import { Alert, Button, Textarea } from "@/components/ui";
import { useDesigner } from "./designer-context";
import { carryActors, parseRoutineText, renderRoutineText, type ToolDefinition } from "@/lib/routine";
import type { DesignerStoreState } from "@/lib/stores/designer";

type Problem = { line: number; column: number; message: string };

const selectTextView = (state: DesignerStoreState) => ({
  routine: state.routine,
  canEdit: state.canEdit,
  replaceRoutine: state.replaceRoutine,
});

/**
 * The routine in the paper's text form, editable. While you edit, the text is yours; "Apply" turns a valid text
 * into the routine (one undo step); an invalid one shows where parsing failed and changes nothing.
 */
export function TextView({ tools }: { tools?: readonly ToolDefinition[] }) {
  const { routine, canEdit, replaceRoutine } = useDesigner(selectTextView);
  const [draft, setDraft] = useState<string | null>(null);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [applied, setApplied] = useState(false);
  const text = draft ?? renderRoutineText(routine);

  const apply = () => {
    if (draft === null) return;
    // With the catalog, a pasted expert line (no annotations) binds the parameters its input words name; rendered
    // text always carries annotations, so applying it unchanged changes nothing.
    const result = parseRoutineText(draft, { id: routine.id, name: routine.name, tools });
    if (!result.ok) {
      setProblems(result.errors);
      setApplied(false);
      return;
    }
    replaceRoutine(carryActors(routine, result.routine));
    setDraft(null);
    setProblems([]);
    setApplied(true);
  };

  return (
    <div className="flex h-full flex-col gap-2 p-3" data-testid="text-view">
      <Textarea
        aria-label="Routine as text"
        mono
        spellCheck={false}
        readOnly={!canEdit}
        value={text}
        onChange={(event) => {
          setDraft(event.target.value);
          setApplied(false);
        }}
        onKeyDown={(event) => {
          if ((event.ctrlKey || event.metaKey) && event.key === "Enter") apply();
        }}
        className="min-h-0 flex-1 resize-none"
        data-testid="text-view-input"
      />
      {problems.length > 0 ? (
        <Alert tone="error" title="The text could not be read; the routine is unchanged." testId="text-view-errors">
          <ul className="space-y-0.5">
            {problems.slice(0, 8).map((problem, index) => (
              <li key={index}>
                Line {problem.line}, column {problem.column}: {problem.message}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {applied ? (
        <Alert tone="success" testId="text-view-applied">
          Applied to the canvas.
        </Alert>
      ) : null}
      {canEdit ? (
        <div className="flex items-center justify-end gap-2">
          {draft !== null ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setDraft(null);
                setProblems([]);
              }}
            >
              Discard text edits
            </Button>
          ) : null}
          <Button size="sm" onClick={apply} disabled={draft === null} data-testid="text-view-apply">
            Apply (Ctrl+Enter)
          </Button>
        </div>
      ) : null}
    </div>
  );
}
