import "server-only";
import { keyedDigest } from "../../crypto";
import {
  callsTool,
  checkFixedArguments,
  describeStep,
  fixedArguments,
  fixedArgumentSource,
  leavesArgumentsToModel,
  sameJson,
  type JsonValue,
  type Step,
} from "../../routine";
import { canonicalJson } from "../../tools";
import { ValidationError } from "../../db/core";

/**
 * Refuses a re-run input that leaves the routine (issue #29): ValidationError on `input`, one message per argument,
 * before anything is written. Arguments the routine fixes (`literal` and `input` bindings: what its reviewers approved
 * and what the run was started with) keep exactly their values; arguments bound to an earlier step's output or left
 * to the model stay editable (that is what a re-run is for: data that came back wrong, a value the model got wrong).
 * A step that leaves nothing to the model passes exactly the parameters it binds, so no other may be added either.
 */
export function assertEditWithinRoutine(
  step: Step,
  runInputs: Record<string, JsonValue>,
  edited: Record<string, unknown>,
): void {
  const { changed, missing } = checkFixedArguments(fixedArguments(step, runInputs), edited);
  const problems = [
    ...changed.map((argument) =>
      argument.value === undefined
        ? `"${argument.name}" is bound by the routine to ${fixedArgumentSource(argument)}: a re-run cannot set it.`
        : `"${argument.name}" is fixed by the routine to ${fixedArgumentSource(argument)}: a re-run cannot change it.`,
    ),
    ...missing.map(
      (argument) =>
        `"${argument.name}" is fixed by the routine to ${fixedArgumentSource(argument)}: a re-run cannot leave it out.`,
    ),
  ];
  if (!(callsTool(step) && leavesArgumentsToModel(step))) {
    const bound = describeStep(step).inputsOf(step);
    for (const name of Object.keys(edited))
      if (!Object.hasOwn(bound, name))
        problems.push(`"${name}" is not an argument the routine gives this step: a re-run cannot add it.`);
  }
  if (problems.length === 0) return;
  throw new ValidationError(
    problems.length === 1 ? problems[0]! : `The routine fixes some of these arguments: ${problems.join(" ")}`,
    { input: problems },
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * What the audit log keeps of an operator's edit of a step's input: keyed digests (lib/crypto) of the canonical JSON
 * before and after, and the names of the fields that changed, never the values (an input may hold personal data).
 */
export function inputEditAudit(
  before: JsonValue | null,
  after: Record<string, unknown>,
): { inputDigestBefore: string; inputDigestAfter: string; changedFields: string[] } {
  const previous = isRecord(before) ? before : {};
  const names = [...new Set([...Object.keys(previous), ...Object.keys(after)])].sort();
  return {
    inputDigestBefore: keyedDigest(canonicalJson(before)),
    inputDigestAfter: keyedDigest(canonicalJson(after)),
    changedFields: names.filter((name) => !sameJson(previous[name], after[name])),
  };
}
