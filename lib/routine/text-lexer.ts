import type { Label } from "./text-structure";

/** A problem in pasted text or an imported file, 1-based, pointing where reading stopped. */
export type TextIssue = { line: number; column: number; message: string };

/** 5000000 → "5,000,000" (without Intl, which is slow to load the first time). */
export function formatCount(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** Splits on \r\n, \r or \n. */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

export type LineKind =
  | { type: "blank" }
  | { type: "annotation"; start: number }
  | { type: "title"; start: number }
  | { type: "step"; label: Label; rest: number }
  | { type: "malformed"; column: number; message: string }
  | { type: "prose" };

const EXAMPLE_STEP = "'Step 3. Check leave balance: …;'";
const EXAMPLE_BRANCH = "'Branch 4-1 Step 1. Approve: If …;' (under Step 4: branch 1, its step 1)";

/** Says what a line is from its first words; `start`/`rest` are indexes into the line. */
export function classifyLine(line: string): LineKind {
  const start = line.length - line.trimStart().length;
  if (start === line.length) return { type: "blank" };
  if (line[start] === "[") return { type: "annotation", start };
  const word = /[A-Za-z]+/y;
  word.lastIndex = start;
  const first = word.exec(line)?.[0].toLowerCase();
  if (first === "step") return readStepLabel(line, start);
  if (first === "branch") return readBranchLabel(line, start);
  if (first === "routine") {
    let at = start + first.length;
    while (at < line.length && (line[at] === " " || line[at] === "\t")) at++;
    if (line[at] === ":") return { type: "title", start: at + 1 };
  }
  return { type: "prose" };
}

class LabelScanner {
  constructor(
    private readonly line: string,
    public at: number,
  ) {}

  spaces(): number {
    const from = this.at;
    while (this.at < this.line.length && (this.line[this.at] === " " || this.line[this.at] === "\t")) this.at++;
    return this.at - from;
  }

  number(): number | undefined {
    const match = /[0-9]{1,9}/y;
    match.lastIndex = this.at;
    const found = match.exec(this.line);
    if (!found) return undefined;
    this.at += found[0].length;
    return Number(found[0]);
  }

  char(expected: string): boolean {
    if (this.line[this.at] !== expected) return false;
    this.at++;
    return true;
  }

  word(expected: string): boolean {
    if (this.line.slice(this.at, this.at + expected.length).toLowerCase() !== expected) return false;
    this.at += expected.length;
    return true;
  }

  fail(message: string): LineKind {
    return { type: "malformed", column: this.at + 1, message };
  }
}

function readStepLabel(line: string, start: number): LineKind {
  const scan = new LabelScanner(line, start + "step".length);
  scan.spaces();
  const n = scan.number();
  if (n === undefined) return scan.fail(`A step line starts with 'Step' and a whole number, as in ${EXAMPLE_STEP}.`);
  scan.spaces();
  if (!scan.char(".")) return scan.fail(`Put a period after the step number, as in ${EXAMPLE_STEP}.`);
  return { type: "step", label: { type: "main", n }, rest: scan.at };
}

function readBranchLabel(line: string, start: number): LineKind {
  const scan = new LabelScanner(line, start + "branch".length);
  scan.spaces();
  const n = scan.number();
  if (n === undefined) return scan.fail(`Expected the number of the step that branches, as in ${EXAMPLE_BRANCH}.`);
  scan.spaces();
  if (!scan.char("-")) return scan.fail(`Expected '-' and the branch number, as in ${EXAMPLE_BRANCH}.`);
  scan.spaces();
  const k = scan.number();
  if (k === undefined) return scan.fail(`Expected the branch number after '-', as in ${EXAMPLE_BRANCH}.`);
  if (scan.spaces() === 0 || !scan.word("step"))
    return scan.fail(`Expected 'Step' and the step's number within the branch, as in ${EXAMPLE_BRANCH}.`);
  scan.spaces();
  const i = scan.number();
  if (i === undefined) return scan.fail(`Expected the step's number within the branch, as in ${EXAMPLE_BRANCH}.`);
  scan.spaces();
  if (!scan.char(".")) return scan.fail(`Put a period after the step number, as in ${EXAMPLE_BRANCH}.`);
  return { type: "step", label: { type: "branch", n, k, i }, rest: scan.at };
}

/** Thrown inside annotation reading only; the parser turns it into a TextIssue. */
export class AnnotationError extends Error {
  constructor(
    message: string,
    readonly column: number,
  ) {
    super(message);
  }
}

const WORD = /[A-Za-z0-9_.+-]+/y;

/** A cursor over one `[…]` annotation. Columns are 1-based. */
export class AnnotationReader {
  constructor(
    readonly line: string,
    public at: number,
  ) {}

  fail(message: string, at = this.at): never {
    throw new AnnotationError(message, at + 1);
  }

  skipSpaces(): void {
    while (this.at < this.line.length && (this.line[this.at] === " " || this.line[this.at] === "\t")) this.at++;
  }

  peek(): string | undefined {
    this.skipSpaces();
    return this.line[this.at];
  }

  eat(char: string): boolean {
    if (this.peek() !== char) return false;
    this.at++;
    return true;
  }

  expect(char: string, hint: string): void {
    if (this.peek() === undefined) this.fail("This annotation has no closing ']'.");
    if (!this.eat(char)) this.fail(`Expected '${char}' ${hint}.`);
  }

  atEnd(): boolean {
    return this.peek() === "]";
  }

  end(): void {
    if (this.peek() === undefined) this.fail("This annotation has no closing ']'.");
    if (!this.eat("]"))
      this.fail("Expected ']' to close the annotation; put text with spaces or punctuation in double quotes.");
  }

  word(what: string): string {
    this.skipSpaces();
    WORD.lastIndex = this.at;
    const found = WORD.exec(this.line);
    if (!found)
      this.fail(this.line[this.at] === undefined ? "This annotation has no closing ']'." : `Expected ${what}.`);
    this.at += found[0].length;
    return found[0];
  }

  /** A word, or a JSON string for names with spaces or punctuation. */
  wordOrString(what: string): string {
    return this.peek() === '"' ? this.string() : this.word(what);
  }

  string(): string {
    this.skipSpaces();
    const open = this.at;
    let at = open + 1;
    while (at < this.line.length && this.line[at] !== '"') at += this.line[at] === "\\" ? 2 : 1;
    if (at >= this.line.length) this.fail('This quoted text is never closed: add the closing ".', open);
    this.at = at + 1;
    try {
      return JSON.parse(this.line.slice(open, at + 1)) as string;
    } catch {
      return this.fail(
        'This quoted text has a broken escape: use \\" for a quote, \\\\ for a backslash, \\n for a new line.',
        open,
      );
    }
  }

  /** Quoted text, or bare text up to the closing ']' (or the next ',' when more options may follow). */
  text(stopAtComma: boolean): string {
    if (this.peek() === '"') return this.string();
    const from = this.at;
    let at = from;
    while (at < this.line.length) {
      const char = this.line[at];
      if (char === "]" || (stopAtComma && char === ",")) break;
      if (char === "[" || char === '"') this.fail(`Put this text in double quotes: it contains '${char}'.`, at);
      at++;
    }
    if (at >= this.line.length) this.fail("This annotation has no closing ']'.", from);
    this.at = at;
    return this.line.slice(from, at).trim();
  }

  /** A JSON array or object value, scanned to its matching bracket. */
  jsonComposite(): unknown {
    this.skipSpaces();
    const open = this.at;
    let depth = 0;
    let at = open;
    for (; at < this.line.length; at++) {
      const char = this.line[at];
      if (char === '"') {
        at++;
        while (at < this.line.length && this.line[at] !== '"') at += this.line[at] === "\\" ? 2 : 1;
        if (at >= this.line.length) this.fail('This quoted text is never closed: add the closing ".', open);
      } else if (char === "[" || char === "{") depth++;
      else if (char === "]" || char === "}") {
        depth--;
        if (depth === 0) break;
      }
    }
    if (at >= this.line.length)
      this.fail(`This value is never closed: add the closing '${this.line[open] === "[" ? "]" : "}"}'.`, open);
    this.at = at + 1;
    try {
      return JSON.parse(this.line.slice(open, at + 1));
    } catch {
      return this.fail("This value is not valid JSON.", open);
    }
  }
}
