import { quote } from "../../text-format";
import type { StepKindText } from "../text-types";

/** `[instruction: …]` and `[completion: …]`, with inputs and outputs. */
export const skillText: StepKindText<"skill"> = {
  annotations: ["instruction", "in", "out", "completion"],
  read({ get, fields }) {
    fields.instruction = get("instruction")?.value ?? "";
    const completion = get("completion");
    if (completion) fields.completion = completion.value;
  },
  headFacts: () => [],
  settingFacts: (step) => [
    ...(step.instruction !== "" ? [`[instruction: ${quote(step.instruction)}]`] : []),
    ...(step.completion !== undefined ? [`[completion: ${quote(step.completion)}]`] : []),
  ],
  dataLines: () => [],
};
