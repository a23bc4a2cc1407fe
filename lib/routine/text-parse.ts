/*
 * The paper text form of a routine, as parseRoutineText reads it and renderRoutineText writes it.
 *
 * PLAIN LINES — what experts write (Routine paper, Zeng et al. 2025). One step per line, leading spaces ignored:
 *   Step 3. Check leave balance: look up the remaining leave, input employee id, output remaining days, using get_leave_balance tool;
 *   Step 4. Eligibility: This step performs a branch condition check:
 *   Branch 4-1 Step 1. Approve: If the balance covers the request, file the leave, using apply_leave tool;
 *   Branch 4-2 Step 1. Reject: If it does not, tell the employee, using notify_employee tool and terminate the workflow;
 * - "input a, b and c" → inputs a, b, c bound to the model (it extracts them); "output x" → outputs. Names become
 *   identifiers, a leading article dropped: "the employee id" → employee_id.
 * - With options.tools (the catalog), a tool step's line that has no annotations is read as descriptions instead:
 *   an input phrase naming a tool parameter, exactly or nearly, binds it (hint = the phrase); the tool's other
 *   required parameters are filled by the model (hint = the catalog's description); phrases naming no parameter
 *   stay in the step's description ("…, input the requester id"). See tool-suggestions.ts.
 * - "using X tool" → a tool step calling X on options.resolveTool(X)'s server, else options.defaultServer, else
 *   "default". "This step performs a branch condition check" (or having branch lines) → a branch step. A line saying
 *   only "terminate the workflow" → an end step. Anything else → a skill step.
 * - Wiring: each main step goes to the next; a branch step goes to the first line of each of its branches, the edge
 *   labelled with that line's "If …" condition (text up to the first comma, or in double quotes when it holds commas:
 *   If "the team is Sales, Marketing or HR", …), which is taken off the description;
 *   branch lines follow each other, and a branch's last line rejoins the main line after its step; "… and terminate
 *   the workflow" goes to the finish: the last main step if it is an end step, else an "End" step appended for it.
 * - Ids: s4 for Step 4, b4_1_2 for Branch 4-1 Step 2, "end" for the appended end step; edges <source>-<target>.
 * - Above the first step: `Routine: Name`, then free lines, which form the description.
 *
 * ANNOTATIONS — what plain words cannot say. `[key: value]` groups on their own lines: above the first step they
 * describe the routine, below a step (indent them) they describe that step. They override the plain words.
 * Values: ids and names are bare words; text is "a JSON string" (always safe: \" \\ \n …), or bare text without
 * [ ] " that runs to the ']' (or to the next ',' where options follow).
 *   Routine:  [id: leave_request]  [name: "…"]  [description: "…"]  [intent: "I want Friday off"]
 *             [input employee_id, type: string, optional, description: "…"]   (type string and required are defaults)
 *             [stage collect: "Collect the request", description: "…"]
 *             [edge from ghost: s2, id: e9]   an edge whose source is no step
 *             [edge order: e3, e1, e2]        the order of the edges when it is not the reading order
 *   Step:     [id: s3]  [kind: tool|skill|branch|human|routine|end]  [name: "…"]  [description: "…"]
 *             [tool: hr/get_leave_balance] or [tool: "server" / "name with spaces"] or [tool: bare_name]
 *             [in employee_id = input employee_id]   a routine input
 *             [in days = step s2.balance.days]        a step output (and a path into it)
 *             [in reason = model "the reason the employee gives"]   the model extracts it ([in x = model] no hint)
 *             [in year = 2024]  [in tags = ["a", "b"]]  [in note = "text"]   a literal JSON value
 *             [out remaining_days: "remaining annual leave"]  [out done]
 *             [field days, type: integer, description: "…"]   a human step's form field
 *             [instruction: "…"]  [completion: "…"]  [timeout: 30000]  [retry: 3 x 1000]  [approval]
 *             [routine: policy_check]  [stage: collect]  [position: 120, 40]  [outcome: "…"]
 *             [next: s5]  [next: Step 5]  [next: Branch 4-1 Step 2]  [next: s7, id: e3, if: "approved", expr: "x > 1"]
 *             [next: none]   ([goto s7] = [next: s7]; the ':' is optional); ids named none, step or branch are quoted.
 *   Any [in …] replaces the plain input words, any [out …] the plain outputs, any [next …] the default wiring.
 * Render writes every step's [id] and [tool], and any other annotation the plain line cannot carry exactly, so that
 * parseRoutineText(renderRoutineText(r)) gives r back.
 */
import type { Annotation } from "./text-annotations";
import { parseAnnotationLine } from "./text-annotations";
import { assembleRoutine, Issues, type Header, type ParseResult } from "./text-assemble";
import type { Entry, ParseOptions } from "./text-assemble-step";
import { classifyLine, formatCount, splitLines } from "./text-lexer";
import { parseStepBody, splitStepLine } from "./text-line";
import { formatLabel, LabelTracker } from "./text-structure";

export type { ParseOptions } from "./text-assemble-step";
export type { ParseResult } from "./text-assemble";
export type { TextIssue } from "./text-lexer";

export const MAX_TEXT_LENGTH = 1_000_000;

/** Reads the paper text form (plain lines plus optional annotations) into a routine. Never throws. */
export function parseRoutineText(text: string, options: ParseOptions = {}): ParseResult {
  if (typeof text !== "string")
    return { ok: false, errors: [{ line: 1, column: 1, message: "Expected the routine as text." }] };
  if (text.length > MAX_TEXT_LENGTH) {
    const message = `This text is ${formatCount(text.length)} characters long; a routine's text may be at most ${formatCount(MAX_TEXT_LENGTH)}. Split it into sub-routines.`;
    return { ok: false, errors: [{ line: 1, column: 1, message }] };
  }
  try {
    return parseLines(splitLines(text), options);
  } catch (error) {
    const detail = error instanceof RangeError ? "it nests values too deeply" : "of an unexpected problem";
    return { ok: false, errors: [{ line: 1, column: 1, message: `This text could not be read because ${detail}.` }] };
  }
}

function parseLines(lines: string[], options: ParseOptions): ParseResult {
  const issues = new Issues();
  const header: Header = { prose: [], annotations: [] };
  const entries: Entry[] = [];
  const tracker = new LabelTracker();
  let sawAnnotation = false;
  for (let index = 0; index < lines.length && !issues.full; index++) {
    const line = lines[index];
    const number = index + 1;
    const kind = classifyLine(line);
    const at = (column: number) => ({ line: number, column });
    switch (kind.type) {
      case "blank":
        break;
      case "annotation": {
        sawAnnotation = true;
        const read = parseAnnotationLine(line, number, kind.start);
        if (read.error) issues.error(at(read.error.column), read.error.message);
        const target: Annotation[] = entries.length > 0 ? entries[entries.length - 1].annotations : header.annotations;
        for (const note of read.annotations) target.push(note);
        break;
      }
      case "title": {
        const name = line.slice(kind.start).trim();
        if (entries.length > 0)
          issues.error(at(1), "The 'Routine:' line names the routine: put it above the first step.");
        else if (header.title) issues.error(at(1), "The routine is named twice: keep one 'Routine:' line.");
        else if (name === "") issues.error(at(kind.start + 1), "Write the routine's name after 'Routine:'.");
        else header.title = { name, pos: at(1) };
        break;
      }
      case "step": {
        const check = tracker.check(kind.label);
        const pos = at(line.length - line.trimStart().length + 1);
        if (check.error) {
          issues.error(pos, check.error);
          break;
        }
        if (check.warning) issues.warn(pos, check.warning);
        const rest = line.slice(kind.rest);
        const { name, body } = splitStepLine(rest);
        if (name === "") {
          issues.error(
            at(kind.rest + 1),
            `Give ${formatLabel(kind.label)} a name before the ':', as in 'Step 3. Check leave balance: …;'.`,
          );
          break;
        }
        entries.push({
          label: kind.label,
          plain: { name, ...parseStepBody(body, check.branchStart) },
          pos,
          annotations: [],
        });
        break;
      }
      case "malformed":
        issues.error(at(kind.column), kind.message);
        break;
      case "prose":
        if (entries.length === 0) header.prose.push({ text: line.trim(), pos: at(1) });
        else {
          issues.error(
            at(line.length - line.trimStart().length + 1),
            "This line is not a step: start steps with 'Step 5.' or 'Branch 4-1 Step 1.', and put notes in annotations such as [description: \"…\"].",
          );
        }
        break;
    }
  }
  if (issues.errors.length > 0) return { ok: false, errors: issues.errors };
  if (entries.length === 0 && !sawAnnotation && header.title === undefined) {
    const message =
      "No steps found: write one step per line, as in 'Step 1. Check leave balance: …, using get_leave_balance tool;'.";
    return { ok: false, errors: [{ line: 1, column: 1, message }] };
  }
  if (entries.length === 0) issues.warn({ line: 1, column: 1 }, "This routine has no steps yet.");
  return assembleRoutine(header, entries, options, issues);
}
