import { Badge, cn } from "@/components/ui";
import type { RunStatus } from "@/lib/events";
import { RUN_STATUS_STYLE } from "./run-styles";

/** A run's status in words with its icon (spinning while it runs). */
export function RunStatusBadge({ status, testId = "run-status" }: { status: RunStatus; testId?: string }) {
  const style = RUN_STATUS_STYLE[status];
  const Icon = style.icon;
  return (
    <Badge tone={style.tone} data-testid={testId} data-status={status} className="gap-1">
      <Icon
        className={cn("size-3.5", status === "running" && "animate-spin motion-reduce:animate-none")}
        aria-hidden="true"
      />
      {style.label}
    </Badge>
  );
}
