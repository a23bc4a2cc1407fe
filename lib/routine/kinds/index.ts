import type { Step, StepKind, StepOf } from "../schema";
import { branchKind } from "./branch/descriptor";
import { endKind } from "./end/descriptor";
import { humanKind } from "./human/descriptor";
import { routineKind } from "./routine/descriptor";
import { skillKind } from "./skill/descriptor";
import { toolKind } from "./tool/descriptor";
import type { StepCapability, StepKindDescriptor, StepWithInputs, StepWithRoutine, StepWithTool } from "./types";

export type {
  StepBaseFields,
  StepCapabilities,
  StepCapability,
  StepFact,
  StepKindDescriptor,
  StepWithInputs,
  StepWithRoutine,
  StepWithTool,
} from "./types";

/**
 * Every step kind's descriptor, keyed by kind. Typed over all kinds, so a kind added to the schema without a
 * descriptor is a compile error here (docs/adding-a-step-kind.md).
 */
export const STEP_KINDS_DESCRIBED: { readonly [K in StepKind]: StepKindDescriptor<K> } = {
  tool: toolKind,
  skill: skillKind,
  branch: branchKind,
  human: humanKind,
  routine: routineKind,
  end: endKind,
};

/** The descriptor of a kind. */
export function kindOf<K extends StepKind>(kind: K): StepKindDescriptor<K> {
  return STEP_KINDS_DESCRIBED[kind];
}

/**
 * The descriptor of `step`'s kind, whose hooks take `step` whatever its kind. (Indexing the registry with a union kind
 * would give a union of descriptors whose hooks accept no step at all; each entry is keyed by its own kind, so the
 * cast only states what the registry's type guarantees.)
 */
export function describeStep<K extends StepKind>(step: StepOf<K>): StepKindDescriptor<K> {
  return STEP_KINDS_DESCRIBED[step.kind as K] as unknown as StepKindDescriptor<K>;
}

/**
 * Whether steps of `kind` (or the step's kind) have `capability`. False for a kind no descriptor knows, so checks of
 * input that skipped the schema (validation of a pasted routine) do not throw.
 */
export function hasCapability(subject: StepKind | Pick<Step, "kind">, capability: StepCapability): boolean {
  const kind = typeof subject === "string" ? subject : subject.kind;
  return (
    (STEP_KINDS_DESCRIBED as Partial<Record<string, StepKindDescriptor<StepKind>>>)[kind]?.capabilities[capability] ??
    false
  );
}

/** Whether `step` calls a tool; narrows it to the kinds whose schema has a `tool`. */
export function callsTool(step: Step): step is StepWithTool {
  return hasCapability(step, "callsTool");
}

/** Whether `step` binds inputs; narrows it to the kinds whose schema has `inputs` (and `outputs`). */
export function takesInputs(step: Step): step is StepWithInputs {
  return hasCapability(step, "takesInputs");
}

/** Whether `step` runs another routine; narrows it to the kinds whose schema has a `routineId`. */
export function startsChildRun(step: Step): step is StepWithRoutine {
  return hasCapability(step, "startsChildRun");
}

/** The kinds that have `capability`, in STEP_KINDS order. */
export function kindsWith(capability: StepCapability): StepKind[] {
  return (Object.keys(STEP_KINDS_DESCRIBED) as StepKind[]).filter((kind) => hasCapability(kind, capability));
}
