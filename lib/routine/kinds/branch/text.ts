import type { StepKindText } from "../text-types";

/** A branch step has no annotations of its own: its conditions are on its ways out (`[next: … if …]`, branch lines). */
export const branchText: StepKindText<"branch"> = {
  annotations: [],
  read: () => {},
  headFacts: () => [],
  settingFacts: () => [],
  dataLines: () => [],
};
