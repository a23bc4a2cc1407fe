import { describe, expect, it } from "vitest";
import { countChangedLines, foldUnchanged, textDiffLines } from "../text-diff";

describe("textDiffLines", () => {
  it("numbers kept lines on both sides and changed lines on their own side", () => {
    const lines = textDiffLines("a\nb\nc\n", "a\nB\nc\nd\n");
    expect(lines).toEqual([
      { kind: "same", text: "a", beforeLine: 1, afterLine: 1 },
      { kind: "removed", text: "b", beforeLine: 2 },
      { kind: "added", text: "B", afterLine: 2 },
      { kind: "same", text: "c", beforeLine: 3, afterLine: 3 },
      { kind: "added", text: "d", afterLine: 4 },
    ]);
    expect(countChangedLines(lines)).toEqual({ added: 2, removed: 1 });
  });

  it("keeps an empty line and a last line without a newline", () => {
    expect(textDiffLines("x\n\ny", "x\n\ny").map((line) => line.text)).toEqual(["x", "", "y"]);
  });

  it("shows everything as added when there was nothing before", () => {
    expect(textDiffLines("", "one\ntwo").map((line) => line.kind)).toEqual(["added", "added"]);
  });
});

describe("foldUnchanged", () => {
  const numbered = (count: number, from = 1) => Array.from({ length: count }, (_, index) => `line ${index + from}`);

  it("folds long unchanged runs, keeping context around the change", () => {
    const before = numbered(20).join("\n");
    const after = [...numbered(9), "changed", ...numbered(10, 11)].join("\n");
    const rows = foldUnchanged(textDiffLines(before, after), 2);
    expect(rows.map((row) => (row.kind === "skipped" ? `…${row.count}` : `${row.kind}:${row.text}`))).toEqual([
      "…7",
      "same:line 8",
      "same:line 9",
      "removed:line 10",
      "added:changed",
      "same:line 11",
      "same:line 12",
      "…8",
    ]);
  });

  it("does not fold a run that is barely longer than its context", () => {
    const rows = foldUnchanged(textDiffLines("a\nb\nc\nd", "a\nb\nc\nD"), 3);
    expect(rows.some((row) => row.kind === "skipped")).toBe(false);
  });

  it("returns identical texts whole", () => {
    const text = numbered(30).join("\n");
    expect(foldUnchanged(textDiffLines(text, text))).toHaveLength(30);
  });
});
