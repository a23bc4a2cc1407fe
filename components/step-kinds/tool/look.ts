import { Wrench } from "lucide-react";
import { kindOf } from "@/lib/routine";
import type { StepKindLook } from "../types";

export const TOOL_LOOK: StepKindLook<"tool"> = {
  label: kindOf("tool").label,
  hint: kindOf("tool").hint,
  icon: Wrench,
  accent: "text-accent",
  border: "border-l-accent",
  detail: (step) => step.tool.name,
  decisionHeading: "This tool call waits for your approval.",
};
