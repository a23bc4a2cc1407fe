import type { Binding, Output, StepKind } from "./schema";

/** What the plain paper words of one step line say, before annotations refine it. */
export type PlainStep = {
  name: string;
  description: string;
  /** The "If …" condition opening the first line of a branch. */
  cond?: string;
  /** The line ends "… and terminate the workflow". */
  terminate: boolean;
  /** The line says "This step performs a branch condition check". */
  branchCheck: boolean;
  /** From "using get_leave_balance tool". */
  tool?: string;
  /** Items of "input employee id, start date". */
  inputs: string[];
  /** Items of "output remaining days". */
  outputs: string[];
};

export const BRANCH_PHRASE = "This step performs a branch condition check";
export const TERMINATE_PHRASE = "terminate the workflow";

/** Lower-cases A–Z only, so indexes into the result are indexes into the original. */
export function asciiLower(text: string): string {
  return text.replace(/[A-Z]+/g, (run) => run.toLowerCase());
}

/**
 * "employee ID" → employee_id: the identifier a plain "input …"/"output …" item becomes. A leading article is
 * words, not part of a name: "the requester id" → requester_id, never the_requester_id.
 */
export function identifierise(text: string): string {
  const words = text.replace(/^\s*(?:the|an?)\s+(?=[A-Za-z0-9_])/i, "");
  let name = asciiLower(words).replace(/[^a-z0-9_]+/g, "_");
  let start = 0;
  let end = name.length;
  while (start < end && name[start] === "_") start++;
  while (end > start && name[end - 1] === "_") end--;
  name = name.slice(start, end);
  if (name === "") name = "value";
  if (/^[0-9]/.test(name)) name = `_${name}`;
  return name.slice(0, 64);
}

/** employee_id → "employee id": how an identifier reads in a plain line. */
export function humanize(identifier: string): string {
  return identifier.replace(/_/g, " ").trim();
}

/** Splits `Name: body;` (the part of a step line after its label). */
export function splitStepLine(rest: string): { name: string; body: string; bodyOffset: number } {
  const colon = rest.indexOf(":");
  if (colon < 0) {
    const trimmed = rest.trim();
    return { name: (trimmed.endsWith(";") ? trimmed.slice(0, -1) : trimmed).trim(), body: "", bodyOffset: rest.length };
  }
  return { name: rest.slice(0, colon).trim(), body: rest.slice(colon + 1), bodyOffset: colon + 1 };
}

/** Reads a plain step line's body: description, "If …", input/output items, "using … tool", "terminate the workflow". */
export function parseStepBody(raw: string, branchStart: boolean): Omit<PlainStep, "name"> {
  let text = raw.trim();
  if (text.endsWith(";")) text = text.slice(0, -1).trimEnd();
  let branchCheck = false;
  if (startsWithPhrase(text, BRANCH_PHRASE)) {
    branchCheck = true;
    text = text.slice(BRANCH_PHRASE.length).replace(/^\s*[:,.]?\s*/, "");
  }
  let terminate = false;
  [text, terminate] = stripTerminate(text);
  const tool = stripTool(text);
  text = tool.rest;
  if (!terminate) [text, terminate] = stripTerminate(text);
  const outputs = takeClause(text, "output");
  const inputs = takeClause(outputs.rest, "input");
  let description = inputs.rest.trim();
  let cond: string | undefined;
  if (branchStart && /^if\s/i.test(description)) {
    const split = splitCondition(description.slice(2).trimStart());
    if (split) [cond, description] = split;
  }
  return { description, cond, terminate, branchCheck, tool: tool.tool, inputs: inputs.items, outputs: outputs.items };
}

/**
 * A branch line's "If …" condition and the description after it. A condition in double quotes may hold commas
 * ('If "the team is Sales, Marketing or HR", send it to the office'); a bare one ends at the first comma, as experts
 * mostly write it ("If the balance covers it, file the leave"). A bare ", then" cannot mark the end instead: "If it
 * is urgent, call them, then write" would read wrongly. Undefined for an empty condition.
 */
export function splitCondition(rest: string): [string, string] | undefined {
  const quoted = /^"([^"]*)"\s*(?:,|$)/.exec(rest);
  if (quoted && quoted[1].trim() !== "") return [quoted[1].trim(), rest.slice(quoted[0].length).trim()];
  const comma = rest.indexOf(",");
  const cond = (comma < 0 ? rest : rest.slice(0, comma)).trim();
  if (cond === "") return undefined;
  return [cond, comma < 0 ? "" : rest.slice(comma + 1).trim()];
}

/** The "If …" lead of a branch line, as splitCondition reads it back: a condition holding a comma is quoted. */
export function conditionLead(cond: string, description: string): string {
  const written = cond.includes(",") && !cond.includes('"') ? `"${cond}"` : cond;
  return description === "" ? `If ${written}` : `If ${written}, ${description}`;
}

function startsWithPhrase(text: string, phrase: string): boolean {
  if (asciiLower(text.slice(0, phrase.length)) !== asciiLower(phrase)) return false;
  return text.length === phrase.length || !/[A-Za-z0-9_]/.test(text[phrase.length]);
}

function stripTerminate(text: string): [string, boolean] {
  let body = text.endsWith(".") ? text.slice(0, -1) : text;
  if (!asciiLower(body).endsWith(TERMINATE_PHRASE)) return [text, false];
  body = body.slice(0, body.length - TERMINATE_PHRASE.length);
  if (body !== "" && !/[\s,]$/.test(body)) return [text, false];
  body = body.trimEnd();
  const lower = asciiLower(body);
  if (lower === "and") body = "";
  else if (/[\s,]and$/.test(lower)) body = body.slice(0, -3).trimEnd();
  if (body.endsWith(",")) body = body.slice(0, -1).trimEnd();
  return [body, true];
}

function stripTool(text: string): { rest: string; tool?: string } {
  const lower = asciiLower(text);
  if (!lower.endsWith(" tool")) return { rest: text };
  const end = text.length - " tool".length;
  for (let at = lower.lastIndexOf("using ", end); at >= 0; at = at === 0 ? -1 : lower.lastIndexOf("using ", at - 1)) {
    if (at > 0 && !/[\s,]/.test(text[at - 1])) continue;
    const tool = text.slice(at + "using ".length, end).trim();
    if (tool === "") return { rest: text };
    let rest = text.slice(0, at).trimEnd();
    if (rest.endsWith(",")) rest = rest.slice(0, -1).trimEnd();
    return { rest, tool };
  }
  return { rest: text };
}

/** Finds the last ", input …" (or a body starting "input …") and splits its items off. */
function takeClause(text: string, word: "input" | "output"): { rest: string; items: string[] } {
  const lower = asciiLower(text);
  const marker = `${word} `;
  for (let at = lower.lastIndexOf(marker); at >= 0; at = at === 0 ? -1 : lower.lastIndexOf(marker, at - 1)) {
    let before = at - 1;
    while (before >= 0 && /\s/.test(text[before])) before--;
    if (before >= 0 && text[before] !== ",") continue;
    const items = splitItems(text.slice(at + marker.length));
    return { rest: before < 0 ? "" : text.slice(0, before).trimEnd(), items };
  }
  return { rest: text, items: [] };
}

function splitItems(list: string): string[] {
  return list
    .split(/,|(?<=\s)and(?=\s)/i)
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

/** "input employee id" → `{ employee_id: model "employee id" }`; names made unique with _2, _3 … */
export function plainInputs(items: readonly string[]): Record<string, Binding> {
  return Object.fromEntries(uniqueNames(items).map(([name, item]) => [name, { from: "model", hint: item }]));
}

/** "output remaining days" → `[{ name: "remaining_days", description: "remaining days" }]`. */
export function plainOutputs(items: readonly string[]): Output[] {
  return uniqueNames(items).map(([name, item]) => ({ name, description: item }));
}

function uniqueNames(items: readonly string[]): Array<[string, string]> {
  const taken = new Set<string>();
  return items.map((item) => {
    const base = identifierise(item);
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base.slice(0, 60)}_${n}`;
    taken.add(name);
    return [name, item];
  });
}

/** The kind a step has when no `[kind: …]` says otherwise. */
export function inferKind(plain: PlainStep, has: { tool: boolean; routine: boolean; branchLines: boolean }): StepKind {
  if (has.tool || plain.tool !== undefined) return "tool";
  if (has.routine) return "routine";
  if (plain.branchCheck || has.branchLines) return "branch";
  if (isTerminateOnly(plain)) return "end";
  return "skill";
}

function isTerminateOnly(plain: PlainStep): boolean {
  return (
    plain.terminate &&
    plain.description === "" &&
    plain.cond === undefined &&
    plain.tool === undefined &&
    plain.inputs.length === 0 &&
    plain.outputs.length === 0 &&
    !plain.branchCheck
  );
}
