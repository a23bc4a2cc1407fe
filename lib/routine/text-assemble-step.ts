import type { ToolDefinition } from "./catalog";
import type { Binding, Output, Param, StepKind, ToolRef } from "./schema";
import type { Annotation, NextSpec, Pos } from "./text-annotations";
import { inferKind, KINDS_WITH_IO, plainInputs, plainOutputs, type PlainStep } from "./text-line";
import { formatLabel, type Label } from "./text-structure";
import { bindToolInputs } from "./tool-suggestions";

export type ParseOptions = {
  /** The routine's id when the text has no `[id: …]` above its steps. */
  id?: string;
  /** The routine's name when the text has no `Routine:` line. */
  name?: string;
  /** The server of a tool named without one ("using get_leave_balance tool"); "default" if not given. */
  defaultServer?: string;
  /** Finds the catalog tool for a bare tool name; wins over defaultServer. */
  resolveTool?: (name: string) => ToolRef | undefined;
  /**
   * The tool catalog. With it, a plain step line that has no annotations is read faithfully: its input words are
   * descriptions that bind the tool parameters they name ("the employee id" → employee_id), the tool's other
   * required parameters are filled by the model, and words naming no parameter stay in the step's description.
   * A bare tool name is also resolved here when exactly one catalog tool has it (after resolveTool).
   */
  tools?: readonly ToolDefinition[];
};

/** One step as written: its label, its plain words and the annotations under it. */
export type Entry = { label: Label; plain: PlainStep; pos: Pos; annotations: Annotation[] };

/** A step read from its entry, before ids and edges are settled. */
export type StepDraft = {
  kind: StepKind;
  name: string;
  explicitId?: string;
  /** Explicit `[next: …]`s; undefined means the step takes its default edges. */
  nexts?: Array<{ next: NextSpec; pos: Pos }>;
  fields: Record<string, unknown>;
  fieldPos: Record<string, Pos>;
};

export type IssueSink = { error(pos: Pos, message: string): void; warn(pos: Pos, message: string): void };

const HEADER_ONLY = new Set<string>(["intent", "input", "stage-def", "edge-from", "edge-order"]);
const COMMON = ["id", "kind", "name", "description", "stage", "position", "next"];
const APPLIES: Record<StepKind, ReadonlySet<string>> = {
  tool: new Set([...COMMON, "tool", "in", "out", "completion", "timeout", "retry", "approval"]),
  skill: new Set([...COMMON, "instruction", "in", "out", "completion"]),
  branch: new Set(COMMON),
  human: new Set([...COMMON, "instruction", "field"]),
  routine: new Set([...COMMON, "routine", "in", "out"]),
  end: new Set([...COMMON, "outcome"]),
};
const FIELD_OF: Record<string, string> = {
  stage: "stageId",
  timeout: "timeoutMs",
  approval: "requiresApproval",
  routine: "routineId",
  in: "inputs",
  out: "outputs",
  field: "form",
};

type Of<K extends Annotation["key"]> = Extract<Annotation, { key: K }>;

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
    if (!APPLIES[kind].has(note.key))
      issues.error(note.pos, `[${note.key}] does not apply to ${where}, a ${kind} step.`);
  }
  if (plain.tool !== undefined && kind !== "tool")
    issues.warn(entry.pos, `'using ${plain.tool} tool' is ignored: ${where} is a ${kind} step.`);
  if ((plain.inputs.length > 0 || plain.outputs.length > 0) && !KINDS_WITH_IO.has(kind)) {
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

  if (kind === "tool") {
    const tool = get("tool");
    const toolName = tool?.name ?? plain.tool;
    if (toolName === undefined)
      issues.error(
        entry.pos,
        `${where} is a tool step but names no tool: end the line with 'using get_leave_balance tool' or add [tool: server/name].`,
      );
    else
      fields.tool =
        tool?.server !== undefined ? { server: tool.server, name: toolName } : resolveTool(toolName, options);
    const retry = get("retry");
    if (retry) fields.retry = { maxAttempts: retry.maxAttempts, backoffMs: retry.backoffMs };
    if (get("timeout")) fields.timeoutMs = get("timeout")?.value;
    fields.requiresApproval = single.has("approval");
  }
  if (kind === "skill" || kind === "human") fields.instruction = get("instruction")?.value ?? "";
  if (kind === "tool" || kind === "skill") {
    const completion = get("completion");
    if (completion) fields.completion = completion.value;
  }
  if (kind === "routine") {
    const routine = get("routine");
    if (routine) fields.routineId = routine.value;
    else issues.error(entry.pos, `${where} calls a routine but does not say which: add [routine: its_id].`);
  }
  if (kind === "end" && get("outcome")) fields.outcome = get("outcome")?.value;
  // Only an expert's bare line is read against the catalog: annotated text (every rendered step has [id]) means
  // exactly what it says, so render ⇄ parse stays exact with or without a catalog.
  const catalogTool = kind === "tool" && entry.annotations.length === 0 ? findTool(fields.tool, options) : undefined;
  if (catalogTool) {
    const { inputs, unmatched } = bindToolInputs(plain.inputs, catalogTool, routineInputs);
    fields.inputs = inputs;
    if (unmatched.length > 0) fields.description = withInputWords(plain.description, unmatched);
    fields.outputs = plainOutputs(plain.outputs);
  } else if (KINDS_WITH_IO.has(kind)) {
    fields.inputs =
      multi.in.length > 0 ? readInputs(multi.in as Array<Of<"in">>, where, issues) : plainInputs(plain.inputs);
    fields.outputs =
      multi.out.length > 0 ? readOutputs(multi.out as Array<Of<"out">>, where, issues) : plainOutputs(plain.outputs);
  }
  if (kind === "human")
    fields.form = readParams(multi.field as Array<Of<"field">>, `${where} has two form fields named`, issues);

  const nexts =
    multi.next.length > 0
      ? (multi.next as Array<Of<"next">>).map((note) => ({ next: note.next, pos: note.pos }))
      : undefined;
  if (nexts && nexts.length > 1 && nexts.some((item) => item.next.target.type === "none")) {
    issues.error(nexts[0].pos, `${where} has [next: none] together with other [next]s: keep one or the other.`);
  }
  return { kind, name, explicitId: get("id")?.value, nexts, fields, fieldPos };
}

function resolveTool(name: string, options: ParseOptions): ToolRef {
  const resolved = options.resolveTool?.(name);
  if (resolved) return resolved;
  const named = options.tools?.filter((tool) => tool.name === name) ?? [];
  if (named.length === 1) return { server: named[0].server, name };
  return { server: options.defaultServer ?? "default", name };
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

/** `[input …]` / `[field …]` annotations as params; the schema fills type "string", required true, description "". */
export function readParams(
  notes: ReadonlyArray<Of<"input"> | Of<"field">>,
  duplicate: string,
  issues: IssueSink,
): Array<Partial<Param>> {
  const seen = new Set<string>();
  return notes.map(({ param, pos }) => {
    if (seen.has(param.name)) issues.error(pos, `${duplicate} '${param.name}'.`);
    seen.add(param.name);
    const out: Partial<Param> = { name: param.name };
    if (param.description !== undefined) out.description = param.description;
    if (param.type !== undefined) out.type = param.type;
    if (param.required !== undefined) out.required = param.required;
    return out;
  });
}
