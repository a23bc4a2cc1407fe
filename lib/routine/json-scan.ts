type Path = ReadonlyArray<string | number>;

class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

const MAX_DEPTH = 1000;
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;

/** A recursive-descent JSON reader that only reports where values start and where the text breaks. */
class Scanner {
  private at = 0;
  private readonly path: Array<string | number> = [];

  constructor(
    private readonly text: string,
    private readonly onValue?: (path: Path, offset: number) => void,
  ) {}

  run(): void {
    this.value();
    this.spaces();
    if (this.at < this.text.length) this.fail("There is more text after the end of the JSON value.");
  }

  private fail(message: string, at = this.at): never {
    throw new JsonSyntaxError(message, at);
  }

  private spaces(): void {
    const text = this.text;
    while (
      this.at < text.length &&
      (text[this.at] === " " || text[this.at] === "\n" || text[this.at] === "\r" || text[this.at] === "\t")
    )
      this.at++;
  }

  private value(): void {
    this.spaces();
    this.onValue?.(this.path, this.at);
    const char = this.text[this.at];
    if (char === undefined) this.fail("The text ends too early: a value, bracket or brace is missing.");
    if (char === "{") return this.object();
    if (char === "[") return this.array();
    if (char === '"') return void this.string();
    for (const word of ["true", "false", "null"]) {
      if (this.text.startsWith(word, this.at)) {
        this.at += word.length;
        return;
      }
    }
    NUMBER.lastIndex = this.at;
    const number = NUMBER.exec(this.text);
    if (!number)
      this.fail(`Unexpected '${char}': expected a value (text in double quotes, a number, true, false, null, [ or {).`);
    this.at += number[0].length;
  }

  private nested(): void {
    if (this.path.length > MAX_DEPTH) this.fail(`Values are nested more than ${MAX_DEPTH} levels deep.`);
  }

  private object(): void {
    this.at++;
    this.spaces();
    if (this.text[this.at] === "}") {
      this.at++;
      return;
    }
    for (;;) {
      this.spaces();
      if (this.text[this.at] !== '"')
        this.fail(
          this.at >= this.text.length
            ? "The text ends inside an object: a '}' is missing."
            : "Expected a property name in double quotes (is there a comma too many?).",
        );
      const key = this.string();
      this.spaces();
      if (this.text[this.at] !== ":") this.fail("Expected ':' after the property name.");
      this.at++;
      this.path.push(key);
      this.nested();
      this.value();
      this.path.pop();
      this.spaces();
      const next = this.text[this.at++];
      if (next === "}") return;
      if (next !== ",")
        this.fail(
          next === undefined
            ? "The text ends inside an object: a '}' is missing."
            : "Expected ',' or '}' after the value.",
          this.at - 1,
        );
    }
  }

  private array(): void {
    this.at++;
    this.spaces();
    if (this.text[this.at] === "]") {
      this.at++;
      return;
    }
    for (let index = 0; ; index++) {
      this.path.push(index);
      this.nested();
      this.value();
      this.path.pop();
      this.spaces();
      const next = this.text[this.at++];
      if (next === "]") return;
      if (next !== ",")
        this.fail(
          next === undefined
            ? "The text ends inside a list: a ']' is missing."
            : "Expected ',' or ']' after the value.",
          this.at - 1,
        );
    }
  }

  private string(): string {
    const open = this.at;
    const text = this.text;
    let at = open + 1;
    for (; at < text.length && text[at] !== '"'; at++) {
      const code = text.charCodeAt(at);
      if (code < 0x20) this.fail("Line breaks and tabs inside quoted text must be written \\n and \\t.", at);
      if (text[at] !== "\\") continue;
      const escape = text[at + 1];
      if (escape === "u") {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6))) this.fail("A \\u escape needs four hex digits.", at);
        at += 5;
      } else if (escape !== undefined && '"\\/bfnrt'.includes(escape)) at++;
      else this.fail(`'\\${escape ?? ""}' is not a JSON escape: write \\\\ for a backslash.`, at);
    }
    if (at >= text.length) this.fail("This quoted text is never closed: a '\"' is missing.", open);
    this.at = at + 1;
    return this.onValue ? (JSON.parse(text.slice(open, at + 1)) as string) : "";
  }
}

/** Where JSON text first breaks and why, or undefined if it is valid. */
export function findJsonError(text: string): { offset: number; message: string } | undefined {
  try {
    new Scanner(text).run();
    return undefined;
  } catch (error) {
    if (error instanceof JsonSyntaxError) return { offset: error.offset, message: error.message };
    return { offset: 0, message: "The text could not be read as JSON." };
  }
}

/** Offsets of the values at `paths` in valid JSON text; a path that does not exist gets its nearest ancestor's. */
export function locateJsonPaths(text: string, paths: ReadonlyArray<Path>): number[] {
  const wanted = new Map<string, number>();
  for (const path of paths)
    for (let length = 0; length <= path.length; length++) wanted.set(JSON.stringify(path.slice(0, length)), -1);
  const longest = paths.reduce((most, path) => Math.max(most, path.length), 0);
  try {
    new Scanner(text, (path, offset) => {
      if (path.length > longest) return;
      const key = JSON.stringify(path);
      if (wanted.get(key) === -1) wanted.set(key, offset);
    }).run();
  } catch {
    // Locating is best effort: what was found before the problem still helps.
  }
  return paths.map((path) => {
    for (let length = path.length; length >= 0; length--) {
      const offset = wanted.get(JSON.stringify(path.slice(0, length))) ?? -1;
      if (offset >= 0) return offset;
    }
    return 0;
  });
}

/** 1-based line and column of an offset; \r\n, \r and \n each end a line. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  return positionFinder(text)(offset);
}

/** Finds 1-based lines and columns of many offsets: one pass over the text, then a binary search per offset. */
export function positionFinder(text: string): (offset: number) => { line: number; column: number } {
  const starts = [0];
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === 10 || (code === 13 && text.charCodeAt(at + 1) !== 10)) starts.push(at + 1);
  }
  return (offset) => {
    const end = Math.max(0, Math.min(offset, text.length));
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle] <= end) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: end - starts[low] + 1 };
  };
}
