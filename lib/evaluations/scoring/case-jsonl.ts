import { formatPath } from "../../routine";
import { testCaseContentSchema, type TestCaseContent } from "./case-schema";

/** What one JSONL import may hold: a file larger than this is refused before any line is read. */
export const CASE_JSONL_LIMITS = { bytes: 5 * 1024 * 1024, lines: 5_000, errors: 100 } as const;

/** One thing wrong with an import, on its 1-based line of the file. */
export type JsonlError = { line: number; message: string };

export type ParsedCases = { ok: true; cases: TestCaseContent[] } | { ok: false; errors: JsonlError[] };

/** The fields of a case line, in the order the export writes them. */
const FIELDS = ["name", "request", "inputs", "expectedCalls", "expectedPath", "pinnedOutputs", "strict"] as const;
const KNOWN = new Set<string>(FIELDS);

const plural = (count: number, word: string) => `${count.toLocaleString("en")} ${word}${count === 1 ? "" : "s"}`;

/**
 * Reads test cases from JSONL: one JSON object per non-blank line, each the `testCaseContentSchema` shape. All or
 * nothing: any bad line makes the whole file an error list (at most CASE_JSONL_LIMITS.errors), each naming its line
 * and the field at fault ("expectedCalls[0].tool: Name the tool this call uses."), so a person fixes the file and
 * imports it again rather than hunting for the half that went in. Unknown top-level fields are errors too: a
 * misspelt "expected_calls" would otherwise import as a case that expects no calls. `caseProblems`: what else makes
 * a well-formed case unfit for the routine it is imported into (a group spanning a branch), each an error of its line
 * as written.
 */
export function parseCasesJsonl(
  text: string,
  caseProblems: (content: TestCaseContent) => readonly string[] = () => [],
): ParsedCases {
  const bytes = new TextEncoder().encode(text).byteLength;
  if (bytes > CASE_JSONL_LIMITS.bytes) {
    const mb = (CASE_JSONL_LIMITS.bytes / 1024 / 1024).toFixed(0);
    return {
      ok: false,
      errors: [
        { line: 1, message: `The file is ${(bytes / 1024 / 1024).toFixed(1)} MB; an import takes at most ${mb} MB.` },
      ],
    };
  }
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const filled = lines.filter((line) => line.trim() !== "").length;
  if (filled === 0)
    return { ok: false, errors: [{ line: 1, message: "The file holds no cases: write one JSON object per line." }] };
  if (filled > CASE_JSONL_LIMITS.lines) {
    return {
      ok: false,
      errors: [
        {
          line: 1,
          message: `The file holds ${plural(filled, "case")}; an import takes at most ${plural(CASE_JSONL_LIMITS.lines, "case")}. Split it into smaller files.`,
        },
      ],
    };
  }

  const cases: TestCaseContent[] = [];
  const errors: JsonlError[] = [];
  for (let index = 0; index < lines.length && errors.length < CASE_JSONL_LIMITS.errors; index++) {
    const source = lines[index]!;
    if (source.trim() === "") continue;
    const line = index + 1;
    const result = parseLine(source);
    const problems = "case" in result ? caseProblems(result.case) : result.problems;
    for (const message of problems) errors.push({ line, message });
    if ("case" in result && problems.length === 0) cases.push(result.case);
  }
  if (errors.length > 0) return { ok: false, errors: errors.slice(0, CASE_JSONL_LIMITS.errors) };
  return { ok: true, cases };
}

function parseLine(source: string): { case: TestCaseContent } | { problems: string[] } {
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (error) {
    const detail = error instanceof Error ? error.message : "";
    return { problems: [`Not valid JSON${detail ? ` (${detail})` : ""}.`] };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return {
      problems: ['Each line must be one JSON object, such as {"name": …, "request": …, "expectedCalls": […]}.'],
    };
  }
  const problems = Object.keys(value)
    .filter((key) => !KNOWN.has(key))
    .map((key) => `${formatPath([key])}: unknown field; a case has ${FIELDS.join(", ")}.`);
  const parsed = testCaseContentSchema.safeParse(value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map((part) => (typeof part === "number" ? part : String(part)));
      problems.push(`${path.length > 0 ? formatPath(path) : "(case)"}: ${issue.message}`);
    }
  }
  if (problems.length > 0 || !parsed.success) return { problems };
  return { case: parsed.data };
}

/** The cases as JSONL, one object per line with the fields in a fixed order, ending with a newline. */
export function casesToJsonl(cases: readonly TestCaseContent[]): string {
  return cases
    .map((content) => JSON.stringify(Object.fromEntries(FIELDS.map((field) => [field, content[field]]))) + "\n")
    .join("");
}
