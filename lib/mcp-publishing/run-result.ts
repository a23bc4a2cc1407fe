import { RUN_STATUSES, type RunStatus } from "../events";
import type { JsonValue, Param } from "../routine";
import type { ObjectSchema } from "./input-schema";

/** What a run waits for when a call returns before it ends: which step, and what a person must give or decide. */
export type WaitingFor = {
  stepId: string;
  stepName: string;
  /** "form": fill the fields; "approval": approve or reject the step; "tool_approval": approve a tool call's arguments. */
  kind: "form" | "approval" | "tool_approval";
  instruction: string;
  fields: Array<Pick<Param, "name" | "type" | "description" | "required">>;
};

/** A run as a tool call answers it: in `structuredContent`, matching RUN_RESULT_SCHEMA. */
export type RunResult = {
  runId: string;
  status: RunStatus;
  routine: string;
  outputs: Record<string, JsonValue> | null;
  error: string | null;
  link: string;
  waitingFor: WaitingFor | null;
};

/** The `outputSchema` of every routine's tool: the run, whatever its routine. */
export const RUN_RESULT_SCHEMA: ObjectSchema = {
  type: "object",
  properties: {
    runId: { type: "string", description: "The run's id." },
    status: { type: "string", enum: [...RUN_STATUSES], description: "Where the run stands when the call returns." },
    routine: { type: "string", description: "The routine that ran." },
    outputs: { type: ["object", "null"], description: "The run's outputs by name, once it succeeded." },
    error: { type: ["string", "null"], description: "Why the run failed, when it did." },
    link: { type: "string", description: "The run's page in Routine Studio." },
    waitingFor: {
      type: ["object", "null"],
      description: "The step a person must act on, when the run waits.",
      properties: {
        stepId: { type: "string" },
        stepName: { type: "string" },
        kind: { type: "string", enum: ["form", "approval", "tool_approval"] },
        instruction: { type: "string" },
        fields: { type: "array", items: { type: "object" } },
      },
      required: ["stepId", "stepName", "kind", "instruction", "fields"],
    },
  },
  required: ["runId", "status", "routine", "outputs", "error", "link", "waitingFor"],
};

/** The run's answer in words: `answer` when it is the only output, else its one output, else all as JSON. */
export function answerText(outputs: Record<string, JsonValue> | null): string {
  if (!outputs || Object.keys(outputs).length === 0) return "The run succeeded with no outputs.";
  const values = Object.values(outputs);
  if (values.length === 1) return typeof values[0] === "string" ? values[0] : JSON.stringify(values[0], null, 2);
  return JSON.stringify(outputs, null, 2);
}

function waitingText(waiting: WaitingFor): string {
  const what =
    waiting.kind === "form"
      ? `a person to fill in ${waiting.fields.map((field) => field.name).join(", ")}`
      : waiting.kind === "tool_approval"
        ? "a person to approve the tool call's arguments"
        : "a person to approve or reject it";
  return `The run is waiting at step “${waiting.stepName}” for ${what}.${waiting.instruction ? ` ${waiting.instruction}` : ""}`;
}

/** `text` ending in one full stop, whether or not it came with one. */
const sentence = (text: string) => `${text.trim().replace(/[.\s]+$/, "")}.`;

/** The sentence a call answers with, by where the run stands. */
function statusText(result: RunResult): string {
  switch (result.status) {
    case "succeeded":
      return answerText(result.outputs);
    case "failed":
      return `The run failed: ${sentence(result.error ?? "no reason was recorded")}`;
    case "cancelled":
      return result.error ? `The run was cancelled: ${sentence(result.error)}` : "The run was cancelled.";
    case "waiting":
      return result.waitingFor ? waitingText(result.waitingFor) : "The run is waiting for a person.";
    case "paused":
      return "An operator paused the run; it goes on when they resume it.";
    default:
      return `The run is ${result.status}.`;
  }
}

/**
 * The `tools/call` result of a run: its answer (or where it stands) and its link as text, the run as
 * `structuredContent`; an error result when it failed or was cancelled, so the calling model does not take it for
 * an answer.
 */
export function runCallResult(result: RunResult) {
  const text = `${statusText(result)}\n\nRun ${result.runId} of “${result.routine}”: ${result.link}`;
  return {
    content: [{ type: "text" as const, text }],
    structuredContent: result as unknown as Record<string, unknown>,
    isError: result.status === "failed" || result.status === "cancelled",
  };
}

/** A progress notification's message: which step, its state, and how far the run is ("Step 2 of 5"). */
export function progressMessage(step: { position: number; total: number; name: string; state: string }): string {
  return `Step ${step.position} of ${step.total} · ${step.name} · ${step.state}`;
}
