import { describeStep, type Binding, type Routine, type Step } from "../routine";

/** How one field of a step reads on each side; null where the side does not have it. */
export type DetailRow = {
  key: string;
  label: string;
  before: string | null;
  after: string | null;
  status: "same" | "changed" | "added" | "removed";
};

type Entry = { key: string; label: string; value: string };

/**
 * One step side by side, field by field: kind, name, description, tool, instruction, each input binding, each
 * output, completion, outcome, form fields, sub-routine, stage, limits and where it leads (with the condition).
 * Empty fields are left out. `base` is null for a
 * first version; a step missing on one side has every row on the other. Values are written for people:
 * bindings name the step and output they read, stages and targets by name.
 */
export function stepDetailRows(base: Routine | null, proposed: Routine, stepId: string): DetailRow[] {
  const beforeStep = base?.steps.find((step) => step.id === stepId);
  const afterStep = proposed.steps.find((step) => step.id === stepId);
  const before = beforeStep && base ? stepEntries(base, beforeStep) : [];
  const after = afterStep ? stepEntries(proposed, afterStep) : [];
  const beforeByKey = new Map(before.map((entry) => [entry.key, entry]));
  const afterKeys = new Set(after.map((entry) => entry.key));
  const rows: DetailRow[] = after.map((entry) => {
    const old = beforeByKey.get(entry.key);
    if (!old) return { key: entry.key, label: entry.label, before: null, after: entry.value, status: "added" };
    return {
      key: entry.key,
      label: entry.label,
      before: old.value,
      after: entry.value,
      status: old.value === entry.value ? "same" : "changed",
    };
  });
  // Rows only the base has go where they stood in it: after the row that preceded them there.
  before.forEach((entry, index) => {
    if (afterKeys.has(entry.key)) return;
    // Every earlier base row is in `rows` by now (kept, or inserted by an earlier turn of this loop).
    const at = index === 0 ? 0 : rows.findIndex((row) => row.key === before[index - 1].key) + 1;
    rows.splice(at, 0, { key: entry.key, label: entry.label, before: entry.value, after: null, status: "removed" });
  });
  return rows;
}

/** A binding in words: where the step input's value comes from. */
export function describeBinding(binding: Binding, routine: Routine): string {
  switch (binding.from) {
    case "literal":
      return `the value ${JSON.stringify(binding.value)}`;
    case "input":
      return `routine input ${binding.name}`;
    case "step":
      return `${binding.path} from “${stepName(routine, binding.stepId)}”`;
    case "model":
      return binding.hint ? `the model extracts it: ${binding.hint}` : "the model extracts it";
  }
}

function stepEntries(routine: Routine, step: Step): Entry[] {
  const entries: Entry[] = [
    { key: "kind", label: "Kind", value: step.kind },
    { key: "name", label: "Name", value: step.name },
  ];
  const add = (key: string, label: string, value: string | undefined) => {
    if (value !== undefined && value !== "") entries.push({ key, label, value });
  };
  add("description", "Description", step.description);
  for (const fact of describeStep(step).reviewFacts(step, (binding) => describeBinding(binding, routine)))
    add(fact.key, fact.label, fact.value);
  add(
    "stage",
    "Stage",
    step.stageId === undefined
      ? undefined
      : (routine.stages.find((stage) => stage.id === step.stageId)?.name ?? step.stageId),
  );
  routine.edges
    .filter((edge) => edge.source === step.id)
    .forEach((edge) => {
      const condition = edge.condition?.label ? ` — ${edge.condition.label}` : "";
      add(`next.${edge.id}`, "Leads to", `“${stepName(routine, edge.target)}”${condition}`);
    });
  return entries;
}

function stepName(routine: Routine, stepId: string): string {
  return routine.steps.find((step) => step.id === stepId)?.name ?? stepId;
}
