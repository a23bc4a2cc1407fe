import { UserCheck } from "lucide-react";
import { kindOf } from "@/lib/routine";
import type { StepKindLook } from "../types";

export const HUMAN_LOOK: StepKindLook<"human"> = {
  label: kindOf("human").label,
  hint: kindOf("human").hint,
  icon: UserCheck,
  accent: "text-danger",
  border: "border-l-danger",
  detail: () => HUMAN_LOOK.label,
  decisionHeading: "This step waits for your decision.",
};
