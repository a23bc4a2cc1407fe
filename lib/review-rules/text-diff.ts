import { diffLines } from "diff";

/** One line of a line diff, numbered on the side(s) it belongs to (1-based). */
export type TextDiffLine =
  | { kind: "same"; text: string; beforeLine: number; afterLine: number }
  | { kind: "removed"; text: string; beforeLine: number }
  | { kind: "added"; text: string; afterLine: number };

/** A row to show: a line, or a run of unchanged lines folded away. */
export type TextDiffRow = TextDiffLine | { kind: "skipped"; count: number };

/**
 * The line diff of two texts (jsdiff's diffLines): every line of both, in order, marked same, removed or added.
 * A line that changed shows as the old one removed and the new one added, as in any unified diff.
 */
export function textDiffLines(before: string, after: string): TextDiffLine[] {
  const lines: TextDiffLine[] = [];
  let beforeLine = 0;
  let afterLine = 0;
  for (const part of diffLines(before, after)) {
    for (const text of splitLines(part.value)) {
      if (part.added) lines.push({ kind: "added", text, afterLine: ++afterLine });
      else if (part.removed) lines.push({ kind: "removed", text, beforeLine: ++beforeLine });
      else lines.push({ kind: "same", text, beforeLine: ++beforeLine, afterLine: ++afterLine });
    }
  }
  return lines;
}

/**
 * Folds runs of unchanged lines longer than twice `context` into one "skipped" row, keeping `context` lines
 * around each change, so a reviewer reads the changes of a long routine without scrolling past the rest.
 */
export function foldUnchanged(lines: readonly TextDiffLine[], context = 3): TextDiffRow[] {
  const rows: TextDiffRow[] = [];
  let run: TextDiffLine[] = [];
  const flush = (atStart: boolean, atEnd: boolean) => {
    const keepBefore = atStart ? 0 : context;
    const keepAfter = atEnd ? 0 : context;
    if (run.length > keepBefore + keepAfter + 1) {
      rows.push(
        ...run.slice(0, keepBefore),
        { kind: "skipped", count: run.length - keepBefore - keepAfter },
        ...run.slice(run.length - keepAfter),
      );
    } else {
      rows.push(...run);
    }
    run = [];
  };
  let seenChange = false;
  for (const line of lines) {
    if (line.kind === "same") {
      run.push(line);
      continue;
    }
    flush(!seenChange, false);
    seenChange = true;
    rows.push(line);
  }
  if (!seenChange) return [...lines];
  flush(false, true);
  return rows;
}

/** How many lines were added and removed. */
export function countChangedLines(lines: readonly TextDiffLine[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const line of lines) {
    if (line.kind === "added") added += 1;
    else if (line.kind === "removed") removed += 1;
  }
  return { added, removed };
}

/** The lines of one diff part; its final newline ends the last line rather than starting an empty one. */
function splitLines(value: string): string[] {
  const lines = value.split("\n");
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  return lines;
}
