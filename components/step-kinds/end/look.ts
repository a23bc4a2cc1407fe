import { CircleStop } from "lucide-react";
import { kindOf } from "@/lib/routine";
import type { StepKindLook } from "../types";

/** An end step's name says it all: its box has room for a two-line name only, so no line below it. */
export const END_LOOK: StepKindLook<"end"> = {
  label: kindOf("end").label,
  hint: kindOf("end").hint,
  icon: CircleStop,
  accent: "text-muted",
  border: "border-l-muted",
  detail: () => null,
  decisionHeading: null,
};
