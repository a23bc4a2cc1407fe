import type { RunEvent } from "../../events";
import type { JsonValue, ToolDefinition } from "../../routine";

/**
 * A good run as training data: what the executor was told (system prompt, request, inputs), each tool call it made
 * with what came back, and its final answer. The fine-tuning formats (training-formats.ts) write it out.
 */
export type TrainingCall = {
  /** A unique id within the trajectory, e.g. `call_1`; the OpenAI format pairs tool messages by it. */
  id: string;
  /** The function name the model sees (see `functionNames`). */
  tool: string;
  arguments: Record<string, JsonValue>;
  output: JsonValue | string;
};

export type Trajectory = {
  system: string;
  request: string;
  inputs: Record<string, JsonValue>;
  calls: TrainingCall[];
  answer: string;
  tools: ToolDefinition[];
  /** Tools ("server/name") whose definition was not found: exported with a note as their description. */
  undefinedTools: string[];
};

/** The system prompt of the "without routine" variant: the paper's baseline gets no routine, only the tools. */
export const GENERIC_SYSTEM_PROMPT =
  "You are a helpful assistant that completes the user's request by calling the available tools. " +
  "Call one tool at a time, use each tool's result, and answer when the request is done.";

/** The system prompt of the "with routine" variant: the routine in its plain text form after a short instruction. */
export function routineSystemPrompt(routineText: string): string {
  return (
    "You are a helpful assistant that completes the user's request by following this routine step by step, " +
    "calling the tools it names.\n\n" +
    routineText.trim()
  );
}

/** Function names the Chat Completions API accepts. */
const SAFE_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const keyOf = (tool: { server: string; name: string }) => `${tool.server}/${tool.name}`;

/**
 * The function name of each tool, as the runner names them for the model: a tool keeps its own name when that is a
 * valid function name no other tool in the list has; otherwise `server__name`, made safe and numbered on collision.
 */
export function functionNames(tools: readonly ToolDefinition[]): (tool: { server: string; name: string }) => string {
  const counts = new Map<string, number>();
  for (const tool of tools) counts.set(tool.name, (counts.get(tool.name) ?? 0) + 1);
  const byKey = new Map<string, string>();
  const taken = new Set<string>();
  for (const tool of tools) {
    if (byKey.has(keyOf(tool))) continue;
    const base =
      SAFE_NAME.test(tool.name) && counts.get(tool.name) === 1
        ? tool.name
        : `${tool.server}__${tool.name}`.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 60);
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base.slice(0, 60)}_${n}`;
    byKey.set(keyOf(tool), name);
    taken.add(name);
  }
  return (tool) => byKey.get(keyOf(tool)) ?? tool.name;
}

/** The user message: the request as the person wrote it, then the run's inputs when it had any. */
export function userContent(trajectory: Pick<Trajectory, "request" | "inputs">): string {
  const parts: string[] = [];
  if (trajectory.request.trim()) parts.push(trajectory.request.trim());
  if (Object.keys(trajectory.inputs).length > 0) parts.push(`Inputs: ${JSON.stringify(trajectory.inputs)}`);
  return parts.join("\n\n") || "Run the routine.";
}

/** A tool result as message text: strings as they are, anything else as JSON. */
export function outputText(output: JsonValue | string): string {
  return typeof output === "string" ? output : JSON.stringify(output);
}

export type TrajectoryInput = {
  /** The routine's plain text for the "with routine" variant; null for the generic system prompt. */
  routineText: string | null;
  request: string | null;
  inputs: Record<string, JsonValue>;
  /** The run's events in seq order. */
  events: readonly RunEvent[];
  /** The routine's tools (the allowlist the model saw); tools the run called that are missing are added. */
  tools: readonly ToolDefinition[];
  /**
   * The definition of a tool the run called outside `tools` (a planned run's, an evaluation's baseline), from the
   * registry snapshot the run used; null when there is none. Without it such tools get the missing-definition note.
   */
  definitionOf?: (tool: { server: string; name: string }) => ToolDefinition | null;
  /** The full value of a variable-memory key, or undefined when unknown. Without it, stubs stay as they are. */
  resolveVariable?: (key: string) => JsonValue | undefined;
};

const isRecord = (value: unknown): value is Record<string, JsonValue> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isStub = (value: unknown): value is { $var: string; preview: string } =>
  isRecord(value) && typeof value.$var === "string";

/**
 * Builds the trajectory of a run from its events: each `step.tool_call` with the `step.output` (or `step.failed`) of
 * the same step run that follows it, and the answer from `run.finished`. With `resolveVariable`, every variable
 * stub `{ $var, preview }` in an output becomes the full value, and an argument that is exactly a key resolved so
 * far becomes that value too, so the example never shows the model a key it was not given.
 */
export function trajectoryFromRun(input: TrajectoryInput): Trajectory {
  const known = new Map<string, JsonValue>();
  const resolve = (value: JsonValue): JsonValue => {
    if (!input.resolveVariable) return value;
    if (isStub(value)) {
      const full = input.resolveVariable(value.$var);
      if (full === undefined) return value;
      known.set(value.$var, full);
      return full;
    }
    if (Array.isArray(value)) return value.map(resolve);
    if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, resolve(inner)]));
    return value;
  };
  const expandKeys = (value: JsonValue): JsonValue => {
    if (typeof value === "string") return known.get(value) ?? value;
    if (Array.isArray(value)) return value.map(expandKeys);
    if (isRecord(value))
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, expandKeys(inner)]));
    return value;
  };

  const tools = [...input.tools];
  const pending: Array<{ stepRunId: string; server: string; tool: string; arguments: Record<string, JsonValue> }> = [];
  const made: Array<{ server: string; tool: string; arguments: Record<string, JsonValue>; output: JsonValue }> = [];
  let answer = "";
  const settle = (stepRunId: string, output: JsonValue) => {
    const index = pending.findIndex((call) => call.stepRunId === stepRunId);
    if (index < 0) return;
    const [call] = pending.splice(index, 1);
    made.push({ ...call, output });
  };

  for (const event of [...input.events].sort((a, b) => a.seq - b.seq)) {
    switch (event.type) {
      case "step.tool_call":
        pending.push({
          stepRunId: event.data.stepRunId,
          server: event.data.server,
          tool: event.data.tool,
          arguments: expandKeys(event.data.arguments as Record<string, JsonValue>) as Record<string, JsonValue>,
        });
        break;
      case "step.output":
        settle(event.data.stepRunId, toolResult(resolve((event.data.output ?? null) as JsonValue)));
        break;
      case "step.failed":
        settle(event.data.stepRunId, `Error: ${event.data.error}`);
        break;
      case "run.finished":
        answer = answerOf(event.data.outputs as Record<string, JsonValue> | undefined, resolve);
        break;
    }
  }

  for (const call of made)
    if (!tools.some((tool) => tool.server === call.server && tool.name === call.tool)) {
      const ref = { server: call.server, name: call.tool };
      tools.push(input.definitionOf?.(ref) ?? missingToolDefinition(ref));
    }
  const nameOf = functionNames(tools);
  return {
    system: input.routineText === null ? GENERIC_SYSTEM_PROMPT : routineSystemPrompt(input.routineText),
    request: input.request ?? "",
    inputs: input.inputs,
    calls: made.map((call, index) => ({
      id: `call_${index + 1}`,
      tool: nameOf({ server: call.server, name: call.tool }),
      arguments: call.arguments,
      output: call.output,
    })),
    // A run that wrote no outputs still finished: an empty answer would break the formats' "ends with the assistant".
    answer: answer || "Done.",
    tools,
    undefinedTools: tools.filter(isMissingDefinition).map((tool) => `${tool.server}/${tool.name}`),
  };
}

const MISSING_NOTE = "No definition of this tool was found in the tool registry for this run";

/**
 * The stand-in for a tool whose definition the registry does not hold (its server was removed, say): the line
 * still exports and says so in the tool's description, instead of declaring an empty tool as if it were real.
 */
export function missingToolDefinition(tool: { server: string; name: string }): ToolDefinition {
  const definition: ToolDefinition = {
    server: tool.server,
    name: tool.name,
    description: `${MISSING_NOTE} (${tool.server}/${tool.name}); its parameters are unknown.`,
    inputSchema: { type: "object", properties: {} },
  };
  standIns.add(definition);
  return definition;
}

/** The stand-ins made above, known by identity: a real tool may describe itself any way it likes. */
const standIns = new WeakSet<ToolDefinition>();
const isMissingDefinition = (tool: ToolDefinition) => standIns.has(tool);

/**
 * A tool step keeps its result under its declared output names (lib/runs/engine fillOutputs); one name holds the whole
 * result, so that is what the tool returned. Several names are the result's fields, kept as the object.
 */
function toolResult(outputs: JsonValue): JsonValue {
  if (isRecord(outputs)) {
    const values = Object.values(outputs);
    if (values.length === 1) return values[0];
  }
  return outputs;
}

/** Agent mode answers in `outputs.answer`; a workflow's answer is its outputs as JSON text. */
function answerOf(outputs: Record<string, JsonValue> | undefined, resolve: (value: JsonValue) => JsonValue): string {
  if (!outputs) return "";
  if (typeof outputs.answer === "string") return outputs.answer;
  const resolved = resolve(outputs);
  return Object.keys(outputs).length === 0 ? "" : JSON.stringify(resolved);
}
