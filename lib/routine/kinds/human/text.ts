import { formatParam, quote } from "../../text-format";
import { readParams } from "../../text-step-reading";
import type { StepKindText } from "../text-types";

/** `[instruction: …]` and one `[field name: type, …]` per form field. */
export const humanText: StepKindText<"human"> = {
  annotations: ["instruction", "field"],
  read({ get, fieldNotes, where, issues, fields }) {
    fields.instruction = get("instruction")?.value ?? "";
    fields.form = readParams(fieldNotes, `${where} has two form fields named`, issues);
  },
  headFacts: () => [],
  settingFacts: (step) => (step.instruction !== "" ? [`[instruction: ${quote(step.instruction)}]`] : []),
  dataLines: (step) => step.form.map((field) => formatParam("field", field)),
};
