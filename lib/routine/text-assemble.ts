import { LIMITS, ROUTINE_SCHEMA_VERSION, routineSchema, type Edge, type Routine } from "./schema";
import type { Annotation, NextSpec, Pos } from "./text-annotations";
import {
  readParams,
  readStep,
  type Entry,
  type IssueSink,
  type ParseOptions,
  type StepDraft,
} from "./text-assemble-step";
import { formatCount, type TextIssue } from "./text-lexer";
import {
  branchLineFlags,
  defaultEdgeId,
  defaultEdges,
  FINISH,
  formatLabel,
  generatedStepId,
  labelKey,
} from "./text-structure";

export type ParseResult = { ok: true; routine: Routine; warnings: TextIssue[] } | { ok: false; errors: TextIssue[] };

/** What stands above the first step: the `Routine:` line, prose lines (the description) and routine annotations. */
export type Header = {
  title?: { name: string; pos: Pos };
  prose: Array<{ text: string; pos: Pos }>;
  annotations: Annotation[];
};

const MAX_ERRORS = 50;
const TOP: Pos = { line: 1, column: 1 };

/** Collects errors and warnings in reading order. */
export class Issues implements IssueSink {
  readonly errors: TextIssue[] = [];
  readonly warnings: TextIssue[] = [];
  error(pos: Pos, message: string): void {
    if (this.errors.length < MAX_ERRORS) this.errors.push({ ...pos, message });
  }
  warn(pos: Pos, message: string): void {
    if (this.warnings.length < MAX_ERRORS) this.warnings.push({ ...pos, message });
  }
  get full(): boolean {
    return this.errors.length >= MAX_ERRORS;
  }
}

type Placed = { edge: Edge; pos: Pos };

/** Turns the header and step entries into a routine: ids, default or explicit edges, the finish step, zod. */
export function assembleRoutine(header: Header, entries: Entry[], options: ParseOptions, issues: Issues): ParseResult {
  if (entries.length > LIMITS.steps) {
    const pos = entries[LIMITS.steps].pos;
    return {
      ok: false,
      errors: [
        {
          ...pos,
          message: `This text has ${formatCount(entries.length)} steps; a routine holds at most ${formatCount(LIMITS.steps)}. Split it into sub-routines.`,
        },
      ],
    };
  }
  const flags = branchLineFlags(entries.map((entry) => entry.label));
  const routineInputs = header.annotations.flatMap((note) => (note.key === "input" ? [note.param.name] : []));
  const drafts = entries.map((entry, index) => readStep(entry, flags[index], options, issues, routineInputs));
  const head = readHeader(header, options, issues);

  const taken = new Set(drafts.flatMap((draft) => (draft.explicitId ? [draft.explicitId] : [])));
  const ids = drafts.map((draft, index) => draft.explicitId ?? claim(generatedStepId(entries[index].label), taken));
  const skeleton = entries.map((entry, index) => ({
    ...entry.plain,
    label: entry.label,
    kind: drafts[index].kind,
    name: drafts[index].name,
  }));
  const defaults = defaultEdges(skeleton);
  let finishId: string | undefined;
  const known = new Set(ids);
  const labels = new Map(entries.map((entry, index) => [labelKey(entry.label), index]));
  const explicit = (source: string, next: NextSpec, pos: Pos): Placed | undefined => {
    let target: string;
    if (next.target.type === "none") return undefined;
    if (next.target.type === "label") {
      const index = labels.get(labelKey(next.target.label));
      if (index === undefined) {
        issues.error(pos, `There is no ${formatLabel(next.target.label)} to go to.`);
        return undefined;
      }
      target = ids[index];
    } else {
      target = next.target.id;
      if (!known.has(target)) issues.warn(pos, `No step has the id '${target}'.`);
    }
    const edge: Edge = { id: next.id ?? defaultEdgeId(source, target), source, target };
    const label = next.label ?? "";
    if (next.expression !== undefined) edge.condition = { label, expression: next.expression };
    else if (next.label !== undefined) edge.condition = { label };
    return { edge, pos };
  };

  const placed: Placed[] = [];
  for (const item of head.edgesFrom) {
    if (!known.has(item.source)) issues.warn(item.pos, `No step has the id '${item.source}'.`);
    const edge = explicit(item.source, item.next, item.pos);
    if (edge) placed.push(edge);
  }
  drafts.forEach((draft, index) => {
    const source = ids[index];
    if (draft.nexts) {
      for (const { next, pos } of draft.nexts) {
        const edge = explicit(source, next, pos);
        if (edge) placed.push(edge);
      }
      return;
    }
    for (const wire of defaults[index]) {
      const target = wire.target === FINISH ? (finishId ??= claim("end", taken)) : ids[wire.target];
      const edge: Edge = { id: defaultEdgeId(source, target), source, target };
      if (wire.label !== undefined) edge.condition = { label: wire.label };
      placed.push({ edge, pos: entries[index].pos });
    }
  });
  const ordered = head.edgeOrder ? reorder(placed, head.edgeOrder.ids, head.edgeOrder.pos, issues) : placed;
  if (issues.errors.length > 0) return { ok: false, errors: issues.errors };

  const steps: Array<Record<string, unknown>> = drafts.map((draft, index) => ({ id: ids[index], ...draft.fields }));
  if (finishId !== undefined) steps.push({ id: finishId, kind: "end", name: "End" });
  const raw = { schemaVersion: ROUTINE_SCHEMA_VERSION, ...head.fields, steps, edges: ordered.map((item) => item.edge) };
  const parsed = routineSchema.safeParse(raw);
  if (parsed.success) return { ok: true, routine: parsed.data, warnings: issues.warnings };
  return {
    ok: false,
    errors: parsed.error.issues
      .slice(0, MAX_ERRORS)
      .map((issue) => locate(issue.path, issue.message, { entries, drafts, placed: ordered, head })),
  };
}

function claim(base: string, taken: Set<string>): string {
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}_${n}`;
  taken.add(id);
  return id;
}

type HeaderRead = {
  fields: Record<string, unknown>;
  fieldPos: Record<string, Pos[]>;
  edgesFrom: Array<{ source: string; next: NextSpec; pos: Pos }>;
  edgeOrder?: { ids: string[]; pos: Pos };
};

function readHeader(header: Header, options: ParseOptions, issues: Issues): HeaderRead {
  const fieldPos: Record<string, Pos[]> = {
    name: [header.title?.pos ?? TOP],
    description: [header.prose[0]?.pos ?? TOP],
  };
  const single = new Map<string, Annotation>();
  const read: HeaderRead = { fields: {}, fieldPos, edgesFrom: [] };
  const intents: string[] = [];
  const inputs: Array<Extract<Annotation, { key: "input" }>> = [];
  const stages: Array<Record<string, unknown>> = [];
  for (const note of header.annotations) {
    switch (note.key) {
      case "intent":
        intents.push(note.value);
        break;
      case "input":
        inputs.push(note);
        break;
      case "stage-def":
        stages.push({
          id: note.id,
          name: note.name,
          ...(note.description !== undefined ? { description: note.description } : {}),
        });
        break;
      case "edge-from":
        read.edgesFrom.push({ source: note.source, next: note.next, pos: note.pos });
        break;
      case "id":
      case "name":
      case "description":
      case "edge-order":
        if (single.has(note.key)) {
          issues.error(note.pos, `[${note.key.replace("-", " ")}] is given twice for the routine.`);
          continue;
        }
        single.set(note.key, note);
        break;
      default:
        issues.error(
          note.pos,
          `[${note.key}] belongs under a step: put it on an indented line below the step it describes.`,
        );
        continue;
    }
    const key = { "stage-def": "stages", input: "inputs", intent: "intents" }[note.key as string] ?? note.key;
    if (key === "name" || key === "description") fieldPos[key] = [note.pos];
    else (fieldPos[key] ??= []).push(note.pos);
  }
  const order = single.get("edge-order");
  if (order?.key === "edge-order") read.edgeOrder = { ids: order.ids, pos: order.pos };
  const text = (key: "id" | "name" | "description") => (single.get(key) as { value: string } | undefined)?.value;
  const name = text("name") ?? header.title?.name ?? options.name ?? "Untitled routine";
  if (text("description") !== undefined && header.prose.length > 0)
    issues.warn(header.prose[0].pos, "These lines are ignored: the [description] annotation gives the description.");
  read.fields = {
    id: text("id") ?? options.id ?? slug(name),
    name,
    description: text("description") ?? header.prose.map((line) => line.text).join("\n"),
    intents,
    inputs: readParams(inputs, "The routine has two inputs named", issues),
    stages,
  };
  return read;
}

function slug(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 64) || "routine"
  );
}

function reorder(placed: Placed[], order: string[], pos: Pos, issues: Issues): Placed[] {
  const byId = new Map<string, Placed[]>();
  for (const item of placed) {
    const list = byId.get(item.edge.id);
    if (list) list.push(item);
    else byId.set(item.edge.id, [item]);
  }
  const out: Placed[] = [];
  const used = new Set<Placed>();
  for (const id of order) {
    const item = byId.get(id)?.find((candidate) => !used.has(candidate));
    if (!item) {
      issues.error(pos, `[edge order] names '${id}', which is not a connection of this routine (or is named twice).`);
      continue;
    }
    used.add(item);
    out.push(item);
  }
  return [...out, ...placed.filter((item) => !used.has(item))];
}

type Context = { entries: Entry[]; drafts: StepDraft[]; placed: Placed[]; head: HeaderRead };

function locate(path: readonly PropertyKey[], message: string, context: Context): TextIssue {
  const [top, index, field, ...rest] = path;
  const trail = (parts: readonly PropertyKey[]) => parts.map(String).join(".");
  if (top === "steps" && typeof index === "number") {
    const entry = context.entries[index];
    if (!entry) return { ...TOP, message: `The end step: ${message}` };
    const pos = (typeof field === "string" && context.drafts[index].fieldPos[field]) || entry.pos;
    const what = field === undefined ? "" : `${trail([field, ...rest])}: `;
    return { ...pos, message: `${formatLabel(entry.label)}: ${what}${message}` };
  }
  if (top === "steps") return { ...(context.entries[LIMITS.steps]?.pos ?? TOP), message };
  if (top === "edges") {
    const item = typeof index === "number" ? context.placed[index] : context.placed[LIMITS.edges];
    const what =
      typeof index === "number"
        ? `Connection ${item?.edge.id ?? index}: ${trail([field, ...rest].filter((part) => part !== undefined))}: `
        : "";
    return { ...(item?.pos ?? TOP), message: `${what}${message}` };
  }
  const positions = context.head.fieldPos[String(top)] ?? [];
  const pos = (typeof index === "number" ? positions[index] : undefined) ?? positions[0] ?? TOP;
  return { ...pos, message: `Routine ${trail(path)}: ${message}` };
}
