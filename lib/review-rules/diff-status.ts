import { diffRoutines, type RoutineDiff } from "../graph";
import { defaultRunMode, type Routine, type RoutineRunMode } from "../routine";

/** How a step or connection differs between the base version and the proposed one. */
export type DiffStatus = "added" | "removed" | "changed" | "unchanged";

/** The statuses one canvas colours its steps and connections by; ids missing here are unchanged. */
export type SideStatuses = { steps: Record<string, DiffStatus>; edges: Record<string, DiffStatus> };

/** A step that differs, for lists of changes: removed ones exist only in the base. */
export type StepChange = { stepId: string; name: string; status: Exclude<DiffStatus, "unchanged">; fields: string[] };

export type ReviewDiff = {
  /** The base canvas: removed and changed items (added ones are not on it). */
  base: SideStatuses;
  /** The proposed canvas: added and changed items. */
  proposed: SideStatuses;
  /** Changed, added and removed steps, in the proposed routine's order with removed ones last. */
  changes: StepChange[];
  counts: { added: number; removed: number; changed: number; unchanged: number };
  /** Routine-level fields that changed ("name", "inputs", …); the default run mode is `defaultMode`, not here. */
  routineFields: string[];
  /**
   * How runs started without a mode execute, when this version changes it: from the base's default (null for a
   * first version, shown only when it is not workflow) to this one's. Null when it stays the same.
   */
  defaultMode: { before: RoutineRunMode | null; after: RoutineRunMode } | null;
};

/**
 * What the review canvases colour, from the base version (null when the proposed one is the first: then every
 * step is new) and the proposed one. Built on lib/graph's diffRoutines; positions are not a change.
 */
export function reviewDiff(base: Routine | null, proposed: Routine): ReviewDiff {
  const diff: RoutineDiff = diffRoutines(base ?? { ...proposed, steps: [], edges: [], stages: [] }, proposed);
  const sides = { base: emptySide(), proposed: emptySide() };
  for (const step of diff.steps.added) sides.proposed.steps[step.id] = "added";
  for (const step of diff.steps.removed) sides.base.steps[step.id] = "removed";
  for (const { after } of diff.steps.changed) sides.base.steps[after.id] = sides.proposed.steps[after.id] = "changed";
  for (const edge of diff.edges.added) sides.proposed.edges[edge.id] = "added";
  for (const edge of diff.edges.removed) sides.base.edges[edge.id] = "removed";
  for (const { after } of diff.edges.changed) sides.base.edges[after.id] = sides.proposed.edges[after.id] = "changed";

  const fieldsById = new Map(diff.steps.changed.map((change) => [change.after.id, change.fields]));
  const changes: StepChange[] = [];
  for (const step of proposed.steps) {
    const status = sides.proposed.steps[step.id];
    if (status === "added" || status === "changed")
      changes.push({ stepId: step.id, name: step.name, status, fields: fieldsById.get(step.id) ?? [] });
  }
  for (const step of diff.steps.removed)
    changes.push({ stepId: step.id, name: step.name, status: "removed", fields: [] });

  const added = diff.steps.added.length;
  const changed = diff.steps.changed.length;
  return {
    ...sides,
    changes,
    counts: { added, removed: diff.steps.removed.length, changed, unchanged: proposed.steps.length - added - changed },
    routineFields: base ? diff.routine.fields.filter((field) => field !== "defaultMode") : [],
    defaultMode: defaultModeChange(base, proposed),
  };
}

/** The default run mode's change; absent and "workflow" are the same mode, so only a real change counts. */
function defaultModeChange(base: Routine | null, proposed: Routine): ReviewDiff["defaultMode"] {
  const after = defaultRunMode(proposed);
  if (!base) return after === "workflow" ? null : { before: null, after };
  const before = defaultRunMode(base);
  return before === after ? null : { before, after };
}

/** The status of a step on one side; anything not listed is unchanged. */
export function statusOf(side: SideStatuses, stepId: string): DiffStatus {
  return side.steps[stepId] ?? "unchanged";
}

function emptySide(): SideStatuses {
  return { steps: {}, edges: {} };
}
