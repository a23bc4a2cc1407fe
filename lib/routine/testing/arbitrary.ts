import fc from "fast-check";
import { routineSchema, type Binding, type Edge, type JsonValue, type Routine, type StepKind } from "../schema";

export type ArbitraryRoutineOptions = { maxSteps?: number };

/** Words that look like the paper text's own syntax, so rendering must escape or annotate them. */
const TRICKY = [
  "Step 3.",
  "Branch 1-1 Step 1.",
  "If a, b",
  "input x, output y",
  "using t tool",
  "and terminate the workflow",
  "This step performs a branch condition check:",
  "[id: z]",
  "a: b; c",
  '"quoted"',
  "back\\slash",
  "]",
  "[",
  "{",
  "line\nbreak",
  "cr\rreturn",
  "tab\there",
  "none",
  "Routine: r",
  ";",
  ",",
  ":",
  " and ",
  "\u2028",
  "\u00a0",
];
const WORDS = [
  "leave",
  "balance",
  "employee id",
  "check",
  "approve",
  "reject",
  "notify",
  "days",
  "HR",
  "Überprüfen",
  "休暇",
  "😀",
  "naïve",
  "if",
  "perform",
];

const piece = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...WORDS) },
  { weight: 2, arbitrary: fc.constantFrom(...TRICKY) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 6 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 4 }) },
);

/** Free text with unicode, punctuation and the text form's own keywords. */
export const arbitraryText = (maxParts = 6): fc.Arbitrary<string> =>
  fc.array(piece, { maxLength: maxParts }).map((parts) => parts.join(" "));

const optionalText = fc.oneof({ weight: 2, arbitrary: fc.constant("") }, { weight: 3, arbitrary: arbitraryText() });
const nameArb = arbitraryText(5).map((text) => text.trim().slice(0, 100).trim() || "Step");
const trimmedText = arbitraryText(4).map((text) => text.trim() || "text");
const idArb = fc.oneof(
  fc.constantFrom("s1", "s2", "b1_1_1", "end", "none", "Step", "branch", "x-y", "e1", "s1-s2"),
  fc.stringMatching(/^[A-Za-z0-9_-]{1,10}$/),
);
const identifierArb = fc.oneof(
  fc.constantFrom("employee_id", "days", "reason", "_private", "a_and_b", "output_x", "input"),
  fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,10}$/).filter((name) => name !== "__proto__"),
);
const coordinate = fc
  .oneof(fc.integer({ min: -2000, max: 2000 }), fc.double({ noNaN: true, noDefaultInfinity: true }))
  .map(positiveZero);
const toolRefArb = fc.record({
  server: fc.oneof(fc.constantFrom("default", "hr"), fc.stringMatching(/^[a-z][a-z0-9_.-]{0,10}$/)),
  name: fc.oneof(
    fc.constantFrom("get_leave_balance", "apply_leave"),
    fc.stringMatching(/^[a-z][a-z0-9_]{0,12}$/),
    nameArb,
  ),
});
const paramArb = fc.record({
  name: identifierArb,
  description: optionalText,
  type: fc.constantFrom("string", "number", "integer", "boolean", "object", "array"),
  required: fc.boolean(),
});
/** "PLAIN" hints and descriptions become the words of the name, as plain paper text would give them. */
const bindingSeed = fc.oneof(
  fc.record({
    from: fc.constant("literal" as const),
    value: fc.jsonValue({ maxDepth: 2 }).map((value) => withoutNegativeZero(value as JsonValue)),
  }),
  fc.record({ from: fc.constant("input" as const), name: identifierArb }),
  fc.record({
    from: fc.constant("step" as const),
    pick: fc.nat(),
    path: fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,6}(\.[A-Za-z0-9_]{1,4}){0,2}$/),
  }),
  fc.record({ from: fc.constant("model" as const), hint: fc.oneof(fc.constant("PLAIN"), optionalText) }),
);
const kindArb = fc.oneof(
  { weight: 4, arbitrary: fc.constant<StepKind>("tool") },
  { weight: 2, arbitrary: fc.constant<StepKind>("skill") },
  { weight: 2, arbitrary: fc.constant<StepKind>("branch") },
  { weight: 1, arbitrary: fc.constantFrom<StepKind>("human", "routine", "end") },
);
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const stepSeed = fc.record({
  kind: kindArb,
  name: nameArb,
  description: optionalText,
  stage: optional(fc.nat()),
  position: optional(fc.record({ x: coordinate, y: coordinate })),
  tool: toolRefArb,
  inputs: fc.uniqueArray(fc.tuple(identifierArb, bindingSeed), { selector: ([name]) => name, maxLength: 3 }),
  outputs: fc.uniqueArray(
    fc.record({ name: identifierArb, description: fc.oneof(fc.constant("PLAIN"), optionalText) }),
    { selector: (output) => output.name, maxLength: 3 },
  ),
  completion: optional(arbitraryText()),
  timeoutMs: optional(fc.integer({ min: 100, max: 3_600_000 })),
  retry: optional(
    fc.record({ maxAttempts: fc.integer({ min: 1, max: 10 }), backoffMs: fc.integer({ min: 0, max: 600_000 }) }),
  ),
  requiresApproval: fc.boolean(),
  instruction: optionalText,
  form: fc.uniqueArray(paramArb, { selector: (param) => param.name, maxLength: 2 }),
  routineId: idArb,
  outcome: optional(arbitraryText()),
  /** "next": to the following step; otherwise edges to picked steps (merges, back edges, cycles). */
  wiring: fc.oneof(
    { weight: 3, arbitrary: fc.constant("next" as const) },
    { weight: 2, arbitrary: fc.array(fc.nat(), { maxLength: 3 }) },
  ),
  branches: fc.array(
    fc.record({
      pick: fc.nat(),
      forward: fc.boolean(),
      label: arbitraryText(4),
      expression: optional(arbitraryText(3)),
    }),
    { minLength: 2, maxLength: 3 },
  ),
  defaultEdgeIds: fc.boolean(),
});
type StepSeed = typeof stepSeed extends fc.Arbitrary<infer T> ? T : never;

/**
 * Schema-valid routines: unique step and edge ids, edges between existing steps, branch steps with ≥ 2 labelled
 * edges, merges, cycles, end steps, stages, every binding kind, and text full of unicode and the text form's syntax.
 */
export function arbitraryRoutine(options: ArbitraryRoutineOptions = {}): fc.Arbitrary<Routine> {
  const maxSteps = Math.max(1, options.maxSteps ?? 12);
  return fc.integer({ min: 1, max: maxSteps }).chain((count) =>
    fc
      .record({
        id: idArb,
        name: nameArb,
        description: optionalText,
        intents: fc.array(trimmedText, { maxLength: 3 }),
        inputs: fc.uniqueArray(paramArb, { selector: (param) => param.name, maxLength: 3 }),
        stages: fc.uniqueArray(fc.record({ id: idArb, name: nameArb, description: optionalText }), {
          selector: (stage) => stage.id,
          maxLength: 3,
        }),
        ids: fc.uniqueArray(idArb, { minLength: count, maxLength: count }),
        seeds: fc.array(stepSeed, { minLength: count, maxLength: count }),
        shuffle: fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.integer() }),
      })
      .map(({ ids, seeds, shuffle, ...head }) => {
        const steps = seeds.map((seed, index) => buildStep(seed, ids[index], ids, head.stages));
        const edges = buildEdges(seeds, ids);
        return routineSchema.parse({
          schemaVersion: 2,
          ...head,
          steps,
          edges: shuffle === undefined ? edges : shuffled(edges, shuffle),
        });
      }),
  );
}

function buildStep(seed: StepSeed, id: string, ids: string[], stages: Array<{ id: string }>): Record<string, unknown> {
  const humanize = (name: string) => name.replace(/_/g, " ").trim();
  const base = {
    id,
    name: seed.name,
    description: seed.description,
    stageId: seed.stage !== undefined && stages.length > 0 ? stages[seed.stage % stages.length].id : undefined,
    position: seed.position,
  };
  const inputs = Object.fromEntries(
    seed.inputs.map(([name, binding]) => [name, toBinding(name, binding, ids, humanize)]),
  );
  const outputs = seed.outputs.map((output) => ({
    name: output.name,
    description: output.description === "PLAIN" ? humanize(output.name) : output.description,
  }));
  switch (seed.kind) {
    case "tool":
      return {
        ...base,
        kind: "tool",
        tool: seed.tool,
        inputs,
        outputs,
        completion: seed.completion,
        timeoutMs: seed.timeoutMs,
        retry: seed.retry,
        requiresApproval: seed.requiresApproval,
      };
    case "skill":
      return { ...base, kind: "skill", instruction: seed.instruction, inputs, outputs, completion: seed.completion };
    case "human":
      return { ...base, kind: "human", instruction: seed.instruction, form: seed.form };
    case "routine":
      return { ...base, kind: "routine", routineId: seed.routineId, inputs, outputs };
    case "end":
      return { ...base, kind: "end", outcome: seed.outcome };
    default:
      return { ...base, kind: "branch" };
  }
}

function toBinding(
  name: string,
  seed: StepSeed["inputs"][number][1],
  ids: string[],
  humanize: (name: string) => string,
): Binding {
  switch (seed.from) {
    case "step":
      return { from: "step", stepId: ids[seed.pick % ids.length], path: seed.path };
    case "model":
      return { from: "model", hint: seed.hint === "PLAIN" ? humanize(name) : seed.hint };
    default:
      return seed;
  }
}

function buildEdges(seeds: StepSeed[], ids: string[]): Edge[] {
  const edges: Edge[] = [];
  const taken = new Set<string>();
  const add = (source: number, target: number, seed: StepSeed, condition?: Edge["condition"]) => {
    const natural = `${ids[source]}-${ids[target]}`;
    let id = seed.defaultEdgeIds && natural.length <= 64 && !taken.has(natural) ? natural : `e${edges.length + 1}`;
    while (taken.has(id)) id = `${id}x`;
    taken.add(id);
    edges.push({ id, source: ids[source], target: ids[target], ...(condition ? { condition } : {}) });
  };
  const count = ids.length;
  seeds.forEach((seed, index) => {
    if (seed.kind === "end") return;
    if (seed.kind === "branch") {
      for (const branch of seed.branches) {
        const ahead = count - index - 1;
        const target = branch.forward && ahead > 0 ? index + 1 + (branch.pick % ahead) : branch.pick % count;
        const label = branch.label.trim();
        add(
          index,
          target,
          seed,
          branch.expression === undefined ? { label } : { label, expression: branch.expression },
        );
      }
      return;
    }
    if (seed.wiring === "next") {
      if (index + 1 < count) add(index, index + 1, seed);
      return;
    }
    for (const pick of seed.wiring) add(index, pick % count, seed);
  });
  return edges;
}

function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let state = seed >>> 0;
  for (let index = out.length - 1; index > 0; index--) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    const other = state % (index + 1);
    [out[index], out[other]] = [out[other], out[index]];
  }
  return out;
}

function positiveZero(value: number): number {
  return Object.is(value, -0) ? 0 : value;
}

/** JSON has no −0: it reads back as 0, so generated values avoid it. */
function withoutNegativeZero(value: JsonValue): JsonValue {
  if (typeof value === "number") return positiveZero(value);
  if (Array.isArray(value)) return value.map(withoutNegativeZero);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, withoutNegativeZero(item as JsonValue)]),
    );
  }
  return value;
}
