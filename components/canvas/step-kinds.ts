import { Bot, CircleStop, GitBranch, UserCheck, Workflow, Wrench, type LucideIcon } from "lucide-react";
import type { StepKind } from "@/lib/routine";

/** How each step kind looks and reads in the palette and on the canvas. */
export const STEP_KIND_INFO: Record<StepKind, { label: string; hint: string; icon: LucideIcon; accent: string }> = {
  tool: { label: "Tool", hint: "Calls exactly one tool.", icon: Wrench, accent: "text-accent" },
  skill: { label: "Skill", hint: "The model thinks or writes, no tool.", icon: Bot, accent: "text-success" },
  branch: {
    label: "Branch",
    hint: "Checks a condition; each way out is labelled.",
    icon: GitBranch,
    accent: "text-warning",
  },
  human: {
    label: "Human",
    hint: "Waits for a person to approve or fill a form.",
    icon: UserCheck,
    accent: "text-danger",
  },
  routine: { label: "Sub-routine", hint: "Runs another published routine.", icon: Workflow, accent: "text-accent" },
  end: { label: "End", hint: "Finishes the routine.", icon: CircleStop, accent: "text-muted" },
};

/** The left border that marks a step's kind where its icon is not drawn (the simplified drawing). */
export const KIND_BORDER: Record<StepKind, string> = {
  tool: "border-l-accent",
  skill: "border-l-success",
  branch: "border-l-warning",
  human: "border-l-danger",
  routine: "border-l-accent",
  end: "border-l-muted",
};
