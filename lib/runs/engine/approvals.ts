import { contentHash } from "../../crypto";
import type { JsonValue } from "../../routine";

/**
 * An operator's approval of one tool call (issue #29): who approved, when, and the content hash of exactly the input
 * they approved (the step run's input as stored: arguments, variable keys as keys). It lives on the step run
 * (`step_run.approval`) and binds that input only: an operator's re-run with an edited input is a new step run
 * without one, and a retried rejected call never had one, so both wait for a new approval; an approved call that a
 * worker restart interrupts still carries its approval and is sent without asking again.
 */
export type StepApproval = { by: string; at: string; inputDigest: string };

/** The digest an approval binds: the content hash of the input, independent of key order. */
export const approvalDigest = (input: JsonValue | null): string => contentHash(input);

/** The approval `by` gives at `at` of the step run input `input`. */
export function approvalOf(input: JsonValue | null, by: string, at: Date): StepApproval {
  return { by, at: at.toISOString(), inputDigest: approvalDigest(input) };
}

/** Whether `approval` approves exactly `input` (no approval approves nothing). */
export function approves(approval: StepApproval | null, input: JsonValue | null): boolean {
  return approval !== null && approval.inputDigest === approvalDigest(input);
}

/** A stored approval, or null when there is none or it cannot be read (an unreadable approval approves nothing). */
export function readApproval(value: JsonValue | null): StepApproval | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const { by, at, inputDigest } = value;
  return typeof by === "string" && typeof at === "string" && typeof inputDigest === "string"
    ? { by, at, inputDigest }
    : null;
}
