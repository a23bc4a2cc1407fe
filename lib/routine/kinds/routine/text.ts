import type { StepKindText } from "../text-types";

/** `[routine: its_id]`, with inputs and outputs. */
export const routineText: StepKindText<"routine"> = {
  annotations: ["routine", "in", "out"],
  read({ get, where, pos, issues, fields }) {
    const routine = get("routine");
    if (routine) fields.routineId = routine.value;
    else issues.error(pos, `${where} calls a routine but does not say which: add [routine: its_id].`);
  },
  headFacts: (step) => [`[routine: ${step.routineId}]`],
  settingFacts: () => [],
  dataLines: () => [],
};
