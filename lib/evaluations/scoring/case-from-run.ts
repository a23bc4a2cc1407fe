import type { RunEvent } from "../../events";
import type { JsonValue } from "../../routine";
import {
  testCaseContentSchema,
  type ExpectedArgument,
  type ExpectedCall,
  type PinnedOutput,
  type TestCaseContent,
} from "./case-schema";

export type CaseFromRunInput = {
  name: string;
  /** The run's request (the text it was started from), or a line written from its inputs when it had none. */
  request: string;
  inputs: Record<string, JsonValue>;
  /** The run's events in order (seq ascending). */
  events: readonly RunEvent[];
  /**
   * The full value of a variable-memory key (`VAR_PAYSLIP_2025_06`), for outputs too long to be kept inline. Without
   * it, or when it knows no value, the output keeps its stub `{ $var, preview }`.
   */
  resolveVariable?: (key: string) => JsonValue | undefined;
};

type RecordedCall = { stepRunId: string; call: ExpectedCall; output?: JsonValue };

/**
 * A test case recorded from a good run, for workflow and agent runs alike (both record every call the engine sent as
 * a `step.tool_call` event):
 * - expected calls: each call in order, its tool name and every argument accepted with exactly the value it was
 *   called with (a person widens the accepted values afterwards);
 * - pinned outputs: each call's output from the `step.output` of the same step run, so the case replays without
 *   live data. A tool's k-th call gets its k-th pinned output, so a tool's outputs stop at its first call that had
 *   none (a failed call, or one the evaluation sandbox simulated): pinning later ones would hand them to the wrong
 *   call;
 * - expected path: the labels of the `branch.taken` events, in order.
 * Throws a ZodError when the result is not a valid case (an empty name or request).
 */
export function caseFromRun(input: CaseFromRunInput): TestCaseContent {
  const calls: RecordedCall[] = [];
  const path: string[] = [];
  for (const event of input.events) {
    if (event.type === "step.tool_call") {
      calls.push({ stepRunId: event.data.stepRunId, call: expectedCallOf(event.data.tool, event.data.arguments) });
    } else if (event.type === "step.output") {
      // The output belongs to the latest call of its step run that has none yet (a step run may call more than once).
      // A simulated answer (an evaluation run's stand-in for a tool that changes data) is no output to pin.
      const open = calls.findLast((entry) => entry.stepRunId === event.data.stepRunId && entry.output === undefined);
      if (open && event.data.output !== undefined && event.data.origin !== "simulated")
        open.output = toolOutputOf(event.data.output as JsonValue, input.resolveVariable);
    } else if (event.type === "branch.taken") {
      path.push(event.data.label);
    }
  }
  return testCaseContentSchema.parse({
    name: input.name,
    request: input.request,
    inputs: input.inputs,
    expectedCalls: calls.map((entry) => entry.call),
    expectedPath: path.filter((label) => label.trim() !== ""),
    pinnedOutputs: pinnedOutputsOf(calls),
  });
}

function expectedCallOf(tool: string, args: Record<string, unknown>): ExpectedCall {
  const expected: Record<string, ExpectedArgument> = {};
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined) continue;
    expected[name] = { accepted: [value as JsonValue], optional: false };
  }
  return { tool, arguments: expected };
}

/**
 * The value the tool answered, from the step's outputs record: the engine files a tool's answer under the step's
 * one declared output (or `result`), so a record with one entry is that answer; several declared outputs are kept
 * as the record, which is also how the engine splits them again when the pinned output is served.
 */
function toolOutputOf(outputs: JsonValue, resolve: CaseFromRunInput["resolveVariable"]): JsonValue {
  const full = resolve ? resolveStubs(outputs, resolve) : outputs;
  if (isRecord(full)) {
    const entries = Object.entries(full);
    if (entries.length === 1) return entries[0]![1];
  }
  return full;
}

function resolveStubs(value: JsonValue, resolve: NonNullable<CaseFromRunInput["resolveVariable"]>): JsonValue {
  if (isRecord(value) && typeof value.$var === "string") return resolve(value.$var) ?? value;
  if (isRecord(value))
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, resolveStubs(inner, resolve)]));
  return value;
}

function pinnedOutputsOf(calls: readonly RecordedCall[]): PinnedOutput[] {
  const stopped = new Set<string>();
  const pinned: PinnedOutput[] = [];
  for (const { call, output } of calls) {
    if (stopped.has(call.tool)) continue;
    if (output === undefined) stopped.add(call.tool);
    else pinned.push({ tool: call.tool, output });
  }
  return pinned;
}

function isRecord(value: unknown): value is { [key: string]: JsonValue } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
