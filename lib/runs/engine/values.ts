import type { Binding, JsonValue } from "../../routine";
import type { RunSnapshot, RunStore, StepRunSnapshot } from "./ports";
import { isFinishMark, operatorSkipOf } from "./stage-skips";
import { isVariableStub, parseVariable, variableKeys } from "./variables";

/** A step's inputs once resolved: values the routine binds (variable keys still as keys), and what the model fills. */
export type ResolvedInputs = {
  bound: Record<string, JsonValue>;
  /** Parameter → the hint for the executor (`model` bindings). */
  unbound: Record<string, string>;
};

/** The newest succeeded execution of a step, whose outputs later steps read. */
export function latestSucceeded(snapshot: RunSnapshot, stepId: string): StepRunSnapshot | undefined {
  for (let index = snapshot.steps.length - 1; index >= 0; index--) {
    const run = snapshot.steps[index];
    if (run.stepId === stepId && run.state === "succeeded") return run;
  }
  return undefined;
}

/**
 * Throws, in words an operator acts on, when the step a binding reads was last skipped by an operator: its output
 * is missing, and the step that needs it fails with this message rather than call a tool with an argument left out.
 */
function assertNotSkipped(snapshot: RunSnapshot, stepId: string, output: string): void {
  const newest = snapshot.steps.findLast((run) => run.stepId === stepId && !isFinishMark(run));
  const skip = newest ? operatorSkipOf(newest) : null;
  if (!skip) return;
  const name = snapshot.routine.steps.find((step) => step.id === stepId)?.name ?? stepId;
  throw new Error(
    `This step needs "${output}" from "${name}", which ${skip.by} skipped (${skip.reason}), so it has no value. Re-run this step with an edited input, or skip it too.`,
  );
}

function field(value: JsonValue | undefined, segment: string): JsonValue | undefined {
  if (Array.isArray(value)) return /^[0-9]+$/.test(segment) ? value[Number(segment)] : undefined;
  if (typeof value === "object" && value !== null) return Object.hasOwn(value, segment) ? value[segment] : undefined;
  return undefined;
}

/**
 * Reads a run's values for bindings and tool arguments. Variables are immutable once written, so each is read from
 * the store once per engine session.
 */
export class RunValues {
  private readonly cache = new Map<string, JsonValue>();

  constructor(
    private readonly store: RunStore,
    private readonly snapshot: () => RunSnapshot,
  ) {}

  /** A variable's value; `runId` names another run (a child run's outputs refer to the child's variables). */
  async variable(key: string, runId = this.snapshot().id): Promise<JsonValue> {
    const cacheKey = `${runId}\u0000${key}`;
    const cached = this.cache.get(cacheKey);
    if (cached !== undefined) return cached;
    const text = await this.store.readVariable(runId, key);
    if (text === null) throw new Error(`Variable ${key} is missing from the run's memory.`);
    const value = parseVariable(text);
    this.cache.set(cacheKey, value);
    return value;
  }

  /**
   * A binding's value, or undefined when it has none (an input not given, an upstream step not run). A whole output
   * held in variable memory resolves to its key, which the model can pass on and `expand` swaps for the value;
   * a path into such an output reads the variable.
   */
  async resolve(binding: Binding): Promise<JsonValue | undefined> {
    const snapshot = this.snapshot();
    switch (binding.from) {
      case "literal":
        return binding.value;
      case "input":
        return Object.hasOwn(snapshot.inputs, binding.name) ? snapshot.inputs[binding.name] : undefined;
      case "model":
        return undefined;
      case "step": {
        const [name, ...rest] = binding.path.split(".");
        assertNotSkipped(snapshot, binding.stepId, name);
        const run = latestSucceeded(snapshot, binding.stepId);
        let value = field(run?.output ?? undefined, name);
        if (isVariableStub(value)) {
          if (rest.length === 0) return value.$var;
          value = await this.variable(value.$var);
        }
        for (const segment of rest) value = field(value, segment);
        return value;
      }
    }
  }

  async resolveInputs(inputs: Record<string, Binding>): Promise<ResolvedInputs> {
    const bound: Record<string, JsonValue> = {};
    const unbound: Record<string, string> = {};
    for (const [name, binding] of Object.entries(inputs)) {
      if (binding.from === "model") {
        unbound[name] = binding.hint;
        continue;
      }
      const value = await this.resolve(binding);
      if (value !== undefined) bound[name] = value;
    }
    return { bound, unbound };
  }

  /**
   * The variable keys a step may pass by key: those held in the outputs its own bindings name, as the routine's
   * author wrote them (`from: "step"`; any run of that step, so a loop's earlier keys count). A tool output is data
   * that can carry instructions: a model told to write another variable's key into an argument must not get that
   * value sent, so nothing outside this scope is swapped in (`expand`) and the engine refuses model-written keys
   * outside it (`strayKeys`). In agent mode the scope is that of the routine step the call serves; a call serving
   * no step has none.
   */
  scopeOf(inputs: Record<string, Binding>): ReadonlySet<string> {
    const scope = new Set<string>();
    const runs = this.snapshot().steps;
    for (const binding of Object.values(inputs)) {
      if (binding.from !== "step") continue;
      const [name] = binding.path.split(".");
      for (const run of runs) {
        if (run.stepId !== binding.stepId || run.state !== "succeeded") continue;
        const value = field(run.output ?? undefined, name);
        if (isVariableStub(value)) scope.add(value.$var);
      }
    }
    return scope;
  }

  /** The keys of this run a value carries (whole strings or stubs, at any depth) that lie outside `scope`. */
  strayKeys(value: JsonValue, scope: ReadonlySet<string>): string[] {
    const keys = variableKeys(this.snapshot());
    const stray = new Set<string>();
    const walk = (item: JsonValue): void => {
      if (typeof item === "string") {
        if (keys.has(item) && !scope.has(item)) stray.add(item);
      } else if (Array.isArray(item)) item.forEach(walk);
      else if (item && typeof item === "object") {
        if (isVariableStub(item) && keys.has(item.$var) && !scope.has(item.$var)) stray.add(item.$var);
        Object.values(item).forEach(walk);
      }
    };
    walk(value);
    return [...stray];
  }

  /**
   * Swaps every variable key in `scope` (see `scopeOf`) found as a whole string, and every stub of one, for the
   * stored value, at any depth; any other key stays the text it is. Keys embedded in longer text are left alone:
   * the paper's model passes the key as the whole argument, and splicing kilobytes into a sentence would be a guess.
   */
  async expand<T extends JsonValue>(value: T, scope: ReadonlySet<string>): Promise<JsonValue> {
    if (scope.size === 0) return value;
    const walk = async (item: JsonValue): Promise<JsonValue> => {
      if (typeof item === "string") return scope.has(item) ? this.variable(item) : item;
      if (Array.isArray(item)) return Promise.all(item.map(walk));
      if (item && typeof item === "object") {
        if (isVariableStub(item) && scope.has(item.$var)) return this.variable(item.$var);
        const entries = await Promise.all(
          Object.entries(item).map(async ([key, inner]) => [key, await walk(inner)] as const),
        );
        return Object.fromEntries(entries);
      }
      return item;
    };
    return walk(value);
  }
}

/** Why model-written arguments carrying variable keys outside the step's scope are refused, in one sentence. */
export function strayKeysProblem(keys: readonly string[]): string {
  const named = keys.join(", ");
  const holds = keys.length === 1 ? "holds an output" : "hold outputs";
  return `${named} ${holds} this step's inputs do not name; only values the routine binds to this step can be passed by their variable key`;
}
