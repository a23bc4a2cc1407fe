import {
  Ban,
  CheckCircle2,
  CircleDashed,
  CircleMinus,
  CircleSlash,
  Hand,
  Loader2,
  Pause,
  XCircle,
  type LucideIcon,
} from "lucide-react";
import type { RunStatus, StepState, TaskStatus } from "@/lib/events";

type Tone = "neutral" | "accent" | "success" | "warning" | "danger";

export const TONE_TEXT: Record<Tone, string> = {
  neutral: "text-muted",
  accent: "text-accent",
  success: "text-success",
  warning: "text-warning",
  danger: "text-danger",
};

/** A state's badge on a canvas node (a step's, a stage's): a pill filled with the tone, its text readable on it. */
export const TONE_BADGE: Record<Tone, string> = {
  neutral: "bg-surface-muted text-muted",
  accent: "bg-accent text-accent-foreground",
  success: "bg-success text-white dark:text-black",
  warning: "bg-warning text-black",
  danger: "bg-danger text-white dark:text-black",
};

/** How each step state looks on the canvas and in lists: words beside the colour, never colour alone. */
export const STEP_STATE_STYLE: Record<StepState, { label: string; tone: Tone; icon: LucideIcon; frame: string }> = {
  pending: { label: "Pending", tone: "neutral", icon: CircleDashed, frame: "border-border bg-surface" },
  running: {
    label: "Running",
    tone: "accent",
    icon: Loader2,
    frame: "border-accent bg-accent-soft ring-2 ring-accent/30",
  },
  succeeded: { label: "Succeeded", tone: "success", icon: CheckCircle2, frame: "border-success bg-success-soft" },
  failed: {
    label: "Failed",
    tone: "danger",
    icon: XCircle,
    frame: "border-danger bg-danger-soft ring-2 ring-danger/30",
  },
  skipped: {
    label: "Skipped",
    tone: "neutral",
    icon: CircleSlash,
    frame: "border-dashed border-border bg-surface-muted opacity-70",
  },
  waiting: {
    label: "Waiting",
    tone: "warning",
    icon: Hand,
    frame: "border-warning bg-warning-soft ring-2 ring-warning/30",
  },
  cancelled: { label: "Cancelled", tone: "neutral", icon: Ban, frame: "border-border bg-surface-muted" },
};

export const RUN_STATUS_STYLE: Record<RunStatus, { label: string; tone: Tone; icon: LucideIcon }> = {
  queued: { label: "Queued", tone: "neutral", icon: CircleDashed },
  running: { label: "Running", tone: "accent", icon: Loader2 },
  waiting: { label: "Waiting", tone: "warning", icon: Hand },
  paused: { label: "Paused", tone: "warning", icon: Pause },
  succeeded: { label: "Succeeded", tone: "success", icon: CheckCircle2 },
  failed: { label: "Failed", tone: "danger", icon: XCircle },
  cancelled: { label: "Cancelled", tone: "neutral", icon: Ban },
};

/** How a planned run's task looks in the task list. */
export const TASK_STATUS_STYLE: Record<TaskStatus, { label: string; tone: Tone; icon: LucideIcon }> = {
  pending: { label: "To do", tone: "neutral", icon: CircleDashed },
  running: { label: "In progress", tone: "accent", icon: Loader2 },
  done: { label: "Done", tone: "success", icon: CheckCircle2 },
  failed: { label: "Not met", tone: "danger", icon: XCircle },
  dropped: { label: "Dropped", tone: "neutral", icon: CircleMinus },
};
