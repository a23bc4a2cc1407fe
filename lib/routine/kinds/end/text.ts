import { quote } from "../../text-format";
import type { StepKindText } from "../text-types";

/** `[outcome: …]`. */
export const endText: StepKindText<"end"> = {
  annotations: ["outcome"],
  read({ get, fields }) {
    if (get("outcome")) fields.outcome = get("outcome")?.value;
  },
  headFacts: () => [],
  settingFacts: (step) => (step.outcome !== undefined ? [`[outcome: ${quote(step.outcome)}]`] : []),
  dataLines: () => [],
};
