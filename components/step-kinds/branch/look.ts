import { GitBranch } from "lucide-react";
import { kindOf } from "@/lib/routine";
import type { StepKindLook } from "../types";

export const BRANCH_LOOK: StepKindLook<"branch"> = {
  label: kindOf("branch").label,
  hint: kindOf("branch").hint,
  icon: GitBranch,
  accent: "text-warning",
  border: "border-l-warning",
  detail: () => BRANCH_LOOK.label,
  decisionHeading: null,
};
