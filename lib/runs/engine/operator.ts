import type { RunEventInput } from "../../events";
import { callsTool, describeStep, type JsonValue, type Param } from "../../routine";
import { approvalOf } from "./approvals";
import type { RunChange, RunSnapshot } from "./ports";
import { stepRef } from "./run-writer";

/** An operator's answer to a step waiting for a person. */
export type OperatorDecision =
  | { action: "approved"; by: string; comment?: string }
  | { action: "rejected"; by: string; comment?: string }
  /** A human step's form, filled in: the values become the step's outputs. */
  | { action: "submitted"; by: string; values: Record<string, JsonValue>; comment?: string };

/** The decision does not fit the step (not waiting for a person, a form left incomplete, …); the message says why. */
export class OperatorDecisionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OperatorDecisionError";
  }
}

/**
 * What the server commits (store.commit, in one transaction) when an operator decides a waiting step; afterwards it
 * runs the engine again. A human step succeeds (`{ approved: true }` or the form's values as outputs) or fails when
 * rejected. A tool step waiting for approval goes back to `pending` with its arguments and the approval of exactly
 * them (who, when, their digest: approvals.ts), and the engine then calls the tool with them; rejected, it fails. The run is set to `queued` so a worker picks it up; the engine fails the
 * run on a rejection and carries on otherwise.
 */
export function operatorDecision(
  snapshot: RunSnapshot,
  stepRunId: string,
  decision: OperatorDecision,
  now: Date,
): { change: RunChange; events: RunEventInput[] } {
  const stepRun = snapshot.steps.find((run) => run.id === stepRunId);
  if (!stepRun) throw new OperatorDecisionError("This step run is not part of the run.");
  if (stepRun.state !== "waiting")
    throw new OperatorDecisionError("This step is not waiting for a decision (any more).");
  const step = snapshot.routine.steps.find((candidate) => candidate.id === stepRun.stepId);
  if (!step || !describeStep(step).waitsForPerson(step))
    throw new OperatorDecisionError("This step waits for a sub-routine, not for a person.");
  // A tool step waits for a person only to have its call approved; a person's own step is approved or its form filled.
  const approval = callsTool(step);

  const ref = { id: stepRun.id, stepId: stepRun.stepId, iteration: stepRun.iteration };
  const durationMs = Math.max(0, now.getTime() - (stepRun.startedAt?.getTime() ?? now.getTime()));
  const events: RunEventInput[] = [
    {
      type: "step.intervention",
      data: {
        ...stepRef(stepRun),
        by: decision.by,
        action: decision.action,
        ...(decision.comment ? { comment: decision.comment } : {}),
      },
    },
  ];
  let stepChange: RunChange["steps"];
  if (decision.action === "rejected") {
    const error = `Rejected by an operator${decision.comment ? `: ${decision.comment}` : "."}`;
    stepChange = [{ ...ref, state: "failed", error, finishedAt: now }];
    events.push({ type: "step.failed", data: { ...stepRef(stepRun), error, durationMs } });
  } else if (approval) {
    if (decision.action !== "approved")
      throw new OperatorDecisionError("A tool call is approved or rejected, not filled in.");
    stepChange = [{ ...ref, state: "pending", approval: approvalOf(stepRun.input, decision.by, now) }];
  } else {
    const form = describeStep(step).formOf(step);
    let output: Record<string, JsonValue>;
    if (form.length === 0) {
      if (decision.action !== "approved") throw new OperatorDecisionError("This step asks for approval, not a form.");
      output = { approved: true, ...(decision.comment ? { comment: decision.comment } : {}) };
    } else {
      if (decision.action !== "submitted") throw new OperatorDecisionError("Fill in the step's form to go on.");
      output = checkForm(form, decision.values);
    }
    stepChange = [{ ...ref, state: "succeeded", output, finishedAt: now }];
    events.push(
      { type: "step.output", data: { ...stepRef(stepRun), output } },
      { type: "step.succeeded", data: { ...stepRef(stepRun), durationMs } },
    );
  }
  events.push({
    type: "run.status",
    data: {
      status: "queued",
      reason: `An operator ${decision.action === "rejected" ? "rejected" : decision.action} "${step.name}".`,
    },
  });
  return { change: { run: { status: "queued" }, steps: stepChange }, events };
}

const TYPE_CHECKS: Record<Param["type"], (value: JsonValue) => boolean> = {
  string: (value) => typeof value === "string",
  number: (value) => typeof value === "number" && Number.isFinite(value),
  integer: (value) => typeof value === "number" && Number.isInteger(value),
  boolean: (value) => typeof value === "boolean",
  object: (value) => typeof value === "object" && value !== null && !Array.isArray(value),
  array: (value) => Array.isArray(value),
};

/** The form's values: every required field given, each of its declared type, nothing it does not ask for. */
function checkForm(form: readonly Param[], values: Record<string, JsonValue>): Record<string, JsonValue> {
  const problems: string[] = [];
  const output: Record<string, JsonValue> = {};
  for (const field of form) {
    const value = values[field.name];
    if (value === undefined || value === null || value === "") {
      if (field.required) problems.push(`${field.name} is required`);
      continue;
    }
    if (!TYPE_CHECKS[field.type](value)) problems.push(`${field.name} must be of type ${field.type}`);
    output[field.name] = value;
  }
  for (const name of Object.keys(values))
    if (!form.some((field) => field.name === name)) problems.push(`${name} is not a field of this form`);
  if (problems.length > 0) throw new OperatorDecisionError(`The form is not complete: ${problems.join("; ")}.`);
  return output;
}
