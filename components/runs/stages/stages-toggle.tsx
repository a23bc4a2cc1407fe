"use client";

import { Layers } from "lucide-react";
import { cn } from "@/components/ui";
import { useStagesUi } from "./run-stages-context";

/** "Stages": collapses the canvas to one node per stage and back; pressed while collapsed. */
export function StagesToggle() {
  const { collapsed, setCollapsed } = useStagesUi();
  return (
    <button
      type="button"
      aria-pressed={collapsed}
      onClick={() => setCollapsed(!collapsed)}
      title={collapsed ? "Show every step again" : "Collapse the canvas to one node per stage"}
      data-testid="run-stages-toggle"
      className={cn(
        "absolute top-3 left-3 z-10 inline-flex h-8 items-center gap-1.5 rounded-lg border px-3 text-sm font-medium shadow-sm transition-colors focus-visible:outline-2 focus-visible:outline-ring",
        collapsed
          ? "border-accent bg-accent text-accent-foreground hover:bg-accent-hover"
          : "border-border bg-surface text-foreground hover:bg-surface-muted",
      )}
    >
      <Layers className="size-4" aria-hidden="true" />
      Stages
    </button>
  );
}
