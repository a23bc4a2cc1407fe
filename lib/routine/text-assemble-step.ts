import type { ToolDefinition } from "./catalog";
import { hasCapability } from "./kinds";
import { STEP_KIND_TEXT } from "./kinds/text";
import { STEP_KINDS, type Binding, type Output, type ToolRef } from "./schema";
import type { Annotation, Pos } from "./text-annotations";
import { inferKind, plainInputs, plainOutputs } from "./text-line";
import type { AnnotationOf as Of, Entry, IssueSink, ParseOptions, StepDraft } from "./text-step-reading";
import { formatLabel } from "./text-structure";
import { bindToolInputs } from "./tool-suggestions";

export type { Entry, IssueSink, ParseOptions, StepDraft } from "./text-step-reading";
export { readParams } from "./text-step-reading";

const HEADER_ONLY = new Set<string>(["intent", "input", "stage-def", "edge-from", "edge-order"]);
const COMMON = ["id", "kind", "name", "description", "stage", "position", "next"];

/** The annotations a step of each kind may carry: the common ones and the kind's own. */
const APPLIES = new Map(
  STEP_KINDS.map((kind) => [kind, new Set<string>([...COMMON, ...STEP_KIND_TEXT[kind].annotations])] as const),
);

const FIELD_OF: Record<string, string> = {
  stage: "stageId",
  timeout: "timeoutMs",
  approval: "requiresApproval",
  routine: "routineId",
  in: "inputs",
  out: "outputs",
  field: "form",
};

/** Reads one step: its kind (explicit or inferred), fields from annotations over plain words, and its wiring. */
export function readStep(
  entry: Entry,
  branchLines: boolean,
  options: ParseOptions,
  issues: IssueSink,
  routineInputs: readonly string[] = [],
): StepDraft {
  const { plain } = entry;
  const single = new Map<string, Annotation>();
  const multi: Record<"in" | "out" | "field" | "next", Annotation[]> = { in: [], out: [], field: [], next: [] };
  for (const note of entry.annotations) {
    if (HEADER_ONLY.has(note.key))
      issues.error(
        note.pos,
        `[${note.key.replace("-def", "").replace("-", " ")}] describes the whole routine: put it above the first step.`,
      );
    else if (note.key in multi) multi[note.key as keyof typeof multi].push(note);
    else if (single.has(note.key))
      issues.error(note.pos, `[${note.key}] is given twice for ${formatLabel(entry.label)}.`);
    else single.set(note.key, note);
  }
  const get = <K extends Annotation["key"]>(key: K) => single.get(key) as Of<K> | undefined;
  const kind =
    get("kind")?.value ?? inferKind(plain, { tool: single.has("tool"), routine: single.has("routine"), branchLines });
  const where = formatLabel(entry.label);
  for (const note of [...single.values(), ...multi.in, ...multi.out, ...multi.field]) {
    if (!APPLIES.get(kind)?.has(note.key))
      issues.error(note.pos, `[${note.key}] does not apply to ${where}, a ${kind} step.`);
  }
  const callsTool = hasCapability(kind, "callsTool");
  const takesInputs = hasCapability(kind, "takesInputs");
  if (plain.tool !== undefined && !callsTool)
    issues.warn(entry.pos, `'using ${plain.tool} tool' is ignored: ${where} is a ${kind} step.`);
  if ((plain.inputs.length > 0 || plain.outputs.length > 0) && !takesInputs) {
    issues.warn(entry.pos, `The input/output words are ignored: ${where} is a ${kind} step.`);
  }

  const fieldPos: Record<string, Pos> = {};
  for (const note of [...single.values(), ...multi.in, ...multi.out, ...multi.field])
    fieldPos[FIELD_OF[note.key] ?? note.key] ??= note.pos;
  const name = get("name")?.value ?? plain.name;
  const fields: Record<string, unknown> = { kind, name, description: get("description")?.value ?? plain.description };
  const stage = get("stage");
  if (stage) fields.stageId = stage.value;
  const position = get("position");
  if (position) fields.position = { x: position.x, y: position.y };

  STEP_KIND_TEXT[kind].read({
    plain,
    get,
    fieldNotes: multi.field as Array<Of<"field">>,
    where,
    pos: entry.pos,
    options,
    issues,
    fields,
  });
  // Only an expert's bare line is read against the catalog: annotated text (every rendered step has [id]) means
  // exactly what it says, so render ⇄ parse stays exact with or without a catalog.
  const catalogTool = callsTool && entry.annotations.length === 0 ? findTool(fields.tool, options) : undefined;
  if (catalogTool) {
    const { inputs, unmatched } = bindToolInputs(plain.inputs, catalogTool, routineInputs);
    fields.inputs = inputs;
    if (unmatched.length > 0) fields.description = withInputWords(plain.description, unmatched);
    fields.outputs = plainOutputs(plain.outputs);
  } else if (takesInputs) {
    fields.inputs =
      multi.in.length > 0 ? readInputs(multi.in as Array<Of<"in">>, where, issues) : plainInputs(plain.inputs);
    fields.outputs =
      multi.out.length > 0 ? readOutputs(multi.out as Array<Of<"out">>, where, issues) : plainOutputs(plain.outputs);
  }

  const nexts =
    multi.next.length > 0
      ? (multi.next as Array<Of<"next">>).map((note) => ({ next: note.next, pos: note.pos }))
      : undefined;
  if (nexts && nexts.length > 1 && nexts.some((item) => item.next.target.type === "none")) {
    issues.error(nexts[0].pos, `${where} has [next: none] together with other [next]s: keep one or the other.`);
  }
  return { kind, name, explicitId: get("id")?.value, nexts, fields, fieldPos };
}

function findTool(ref: unknown, options: ParseOptions): ToolDefinition | undefined {
  if (!options.tools || typeof ref !== "object" || ref === null) return undefined;
  const { server, name } = ref as ToolRef;
  return options.tools.find((tool) => tool.server === server && tool.name === name);
}

/** Input words that name no parameter stay with the step, as the expert wrote them: "…, input the requester id". */
function withInputWords(description: string, words: readonly string[]): string {
  const clause = `input ${words.join(", ")}`;
  return description === "" ? clause : `${description}, ${clause}`;
}

function readInputs(notes: Array<Of<"in">>, where: string, issues: IssueSink): Record<string, Binding> {
  const entries: Array<[string, Binding]> = [];
  const seen = new Set<string>();
  for (const note of notes) {
    if (seen.has(note.name)) issues.error(note.pos, `${where} binds '${note.name}' twice.`);
    seen.add(note.name);
    entries.push([note.name, note.binding]);
  }
  return Object.fromEntries(entries);
}

function readOutputs(notes: Array<Of<"out">>, where: string, issues: IssueSink): Output[] {
  const seen = new Set<string>();
  return notes.map((note) => {
    if (seen.has(note.name)) issues.error(note.pos, `${where} has two outputs named '${note.name}'.`);
    seen.add(note.name);
    return { name: note.name, description: note.description };
  });
}
