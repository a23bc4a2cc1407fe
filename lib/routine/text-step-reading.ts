import type { ToolDefinition } from "./catalog";
import type { Param, StepKind, ToolRef } from "./schema";
import type { Annotation, NextSpec, Pos } from "./text-annotations";
import type { PlainStep } from "./text-line";
import type { Label } from "./text-structure";

// What reading a step of paper text passes around, apart from text-assemble-step.ts so each kind's reading hook
// (lib/routine/kinds/<kind>/text.ts) can use it without importing the reader that calls the hook.

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

/** One annotation of a key, as its type narrows it. */
export type AnnotationOf<K extends Annotation["key"]> = Extract<Annotation, { key: K }>;

/** `[input …]` / `[field …]` annotations as params; the schema fills type "string", required true, description "". */
export function readParams(
  notes: ReadonlyArray<AnnotationOf<"input"> | AnnotationOf<"field">>,
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

/** What a kind's reading hook gets: the step's words and annotations, and the fields it fills. */
export type StepReading = {
  plain: PlainStep;
  /** The step's annotation of `key` that may be given once, if it is. */
  get<K extends Annotation["key"]>(key: K): AnnotationOf<K> | undefined;
  /** The step's `[field …]` annotations, in order. */
  fieldNotes: ReadonlyArray<AnnotationOf<"field">>;
  /** The step's label in words ("Step 3"), for messages. */
  where: string;
  pos: Pos;
  options: ParseOptions;
  issues: IssueSink;
  /** The step's fields read so far; the hook adds its kind's own. */
  fields: Record<string, unknown>;
};
