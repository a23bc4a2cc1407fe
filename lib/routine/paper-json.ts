import { lineColumn, locateJsonPaths, positionFinder } from "./json-scan";
import { LIMITS } from "./schema";
import type { Annotation, Pos } from "./text-annotations";
import { assembleRoutine, Issues, type ParseResult } from "./text-assemble";
import type { Entry, ParseOptions } from "./text-assemble-step";
import { formatCount } from "./text-lexer";
import { parseStepBody } from "./text-line";
import { LabelTracker, type Label } from "./text-structure";

const TYPES = ["node", "branch", "branchnode", "finish"] as const;

/** Whether parsed JSON looks like the Routine paper's own form: a list of `{ step, name, description, tool, type }`. */
export function isPaperJson(raw: unknown): raw is unknown[] {
  return (
    Array.isArray(raw) &&
    raw.length > 0 &&
    raw.every((item) => typeof item === "object" && item !== null && "step" in item && "type" in item)
  );
}

/**
 * Converts the paper's JSON form into a routine, reading it the way the text form reads the same lines: `type`
 * node|branch|branchnode|finish, steps numbered "3" or "4-1_2" (= Branch 4-1 Step 2). A "finish" step with a tool
 * calls it and then ends the workflow; one without a tool is an end step.
 */
export function importPaperJson(items: unknown[], text: string, options: ParseOptions): ParseResult {
  if (items.length > LIMITS.steps) {
    const [offset] = locateJsonPaths(text, [[LIMITS.steps]]);
    const message = `This list has ${formatCount(items.length)} steps; a routine holds at most ${formatCount(LIMITS.steps)}. Split it into sub-routines.`;
    return { ok: false, errors: [{ ...lineColumn(text, offset), message }] };
  }
  const issues = new Issues();
  const fields = ["step", "name", "description", "tool", "type"];
  const offsets = locateJsonPaths(
    text,
    items.flatMap((_, index) => [[index], ...fields.map((field) => [index, field])]),
  );
  const position = positionFinder(text);
  const posOf = (index: number, field?: string): Pos => {
    const slot = index * (fields.length + 1) + (field === undefined ? 0 : fields.indexOf(field) + 1);
    return position(offsets[slot] ?? 0);
  };
  const tracker = new LabelTracker();
  const entries: Entry[] = [];
  items.forEach((raw, index) => {
    const item = raw as Record<string, unknown>;
    const where = `Item ${index + 1}`;
    const type = item.type;
    if (typeof type !== "string" || !(TYPES as readonly string[]).includes(type)) {
      issues.error(posOf(index, "type"), `${where}: type must be one of ${TYPES.join(", ")}.`);
      return;
    }
    const label = readStepNumber(item.step);
    if (!label) {
      issues.error(
        posOf(index, "step"),
        `${where}: step must be a number like "3", or "4-1_2" for branch 4-1's step 2.`,
      );
      return;
    }
    const misnumbered =
      type === "branchnode" && label.type !== "branch"
        ? 'a branchnode is numbered like "4-1_2"'
        : (type === "node" || type === "branch") && label.type !== "main"
          ? `a ${type} step is numbered like "3"`
          : undefined;
    if (misnumbered) {
      issues.error(posOf(index, "step"), `${where}: ${misnumbered}.`);
      return;
    }
    const name = typeof item.name === "string" ? item.name.trim() : "";
    if (name === "") {
      issues.error(posOf(index, "name"), `${where}: give the step a name.`);
      return;
    }
    const check = tracker.check(label);
    if (check.error) {
      issues.error(posOf(index, "step"), `${where}: ${check.error}`);
      return;
    }
    if (check.warning) issues.warn(posOf(index, "step"), `${where}: ${check.warning}`);
    const description = typeof item.description === "string" ? item.description : "";
    const plain = { name, ...parseStepBody(description, check.branchStart) };
    const tool = typeof item.tool === "string" && item.tool.trim() !== "" ? item.tool.trim() : undefined;
    if (tool !== undefined) plain.tool = tool;
    if (type === "branch") plain.branchCheck = true;
    const pos = posOf(index);
    const annotations: Annotation[] = [];
    if (type === "finish") {
      if (plain.tool === undefined) annotations.push({ key: "kind", value: "end", pos });
      else plain.terminate = true;
    }
    entries.push({ label, plain, pos, annotations });
  });
  if (issues.errors.length > 0) return { ok: false, errors: issues.errors };
  return assembleRoutine({ prose: [], annotations: [] }, entries, options, issues);
}

function readStepNumber(step: unknown): Label | undefined {
  const text = typeof step === "number" ? String(step) : typeof step === "string" ? step.trim() : "";
  const main = /^([0-9]{1,9})$/.exec(text);
  if (main) return { type: "main", n: Number(main[1]) };
  const branch = /^([0-9]{1,9})-([0-9]{1,9})_([0-9]{1,9})$/.exec(text);
  if (branch) return { type: "branch", n: Number(branch[1]), k: Number(branch[2]), i: Number(branch[3]) };
  return undefined;
}
