import { Workflow } from "lucide-react";
import { kindOf } from "@/lib/routine";
import type { StepKindLook } from "../types";

export const ROUTINE_LOOK: StepKindLook<"routine"> = {
  label: kindOf("routine").label,
  hint: kindOf("routine").hint,
  icon: Workflow,
  accent: "text-accent",
  border: "border-l-accent",
  detail: () => ROUTINE_LOOK.label,
  decisionHeading: null,
};
