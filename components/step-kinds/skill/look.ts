import { Bot } from "lucide-react";
import { kindOf } from "@/lib/routine";
import type { StepKindLook } from "../types";

export const SKILL_LOOK: StepKindLook<"skill"> = {
  label: kindOf("skill").label,
  hint: kindOf("skill").hint,
  icon: Bot,
  accent: "text-success",
  border: "border-l-success",
  detail: () => SKILL_LOOK.label,
  decisionHeading: null,
};
