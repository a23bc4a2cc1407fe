"use client";

import type { SourceProblem } from "./library-types";

/**
 * The problems found in pasted text or JSON, each with its line and column. Choosing one selects that place in
 * the text box, so the author can fix it there.
 */
export function SourceProblems({
  problems,
  onJump,
  testId,
}: {
  problems: SourceProblem[];
  onJump: (problem: SourceProblem) => void;
  testId: string;
}) {
  const shown = problems.slice(0, 50);
  return (
    <ol
      className="max-h-48 space-y-1 overflow-y-auto rounded-lg border border-border bg-surface-muted p-2 text-xs"
      data-testid={testId}
    >
      {shown.map((problem, index) => (
        <li key={index}>
          <button
            type="button"
            onClick={() => onJump(problem)}
            className="w-full rounded-md px-2 py-1 text-left hover:bg-surface focus-visible:outline-2 focus-visible:outline-ring"
            data-testid="source-problem"
          >
            <span className="font-mono font-medium text-danger">
              Line {problem.line}, column {problem.column}:
            </span>{" "}
            <span className="text-foreground">{problem.message}</span>
          </button>
        </li>
      ))}
      {problems.length > shown.length ? (
        <li className="px-2 py-1 text-muted">…and {problems.length - shown.length} more.</li>
      ) : null}
    </ol>
  );
}

/** Selects the character at `line`:`column` (1-based) in a text box and scrolls it into view. */
export function selectPosition(textarea: HTMLTextAreaElement, { line, column }: { line: number; column: number }) {
  const lines = textarea.value.split("\n");
  const lineIndex = Math.min(Math.max(line, 1), lines.length) - 1;
  const lineStart = lines.slice(0, lineIndex).reduce((sum, text) => sum + text.length + 1, 0);
  const lineEnd = lineStart + lines[lineIndex].length;
  const start = Math.min(lineStart + Math.max(column - 1, 0), lineEnd);
  const end = Math.min(start + 1, lineEnd);
  textarea.focus();
  textarea.setSelectionRange(start, end);
  const lineHeight = Number.parseFloat(getComputedStyle(textarea).lineHeight) || 18;
  textarea.scrollTop = Math.max(0, (lineIndex - 2) * lineHeight);
}
