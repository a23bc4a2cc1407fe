import { AlertTriangle, CheckCircle2, Info, XCircle } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "./cn";

type Tone = "info" | "success" | "warning" | "error";
const styles: Record<Tone, string> = {
  info: "border-border bg-accent-soft text-foreground",
  success: "border-transparent bg-success-soft text-foreground",
  warning: "border-transparent bg-warning-soft text-foreground",
  error: "border-transparent bg-danger-soft text-foreground",
};
const icons = { info: Info, success: CheckCircle2, warning: AlertTriangle, error: XCircle };
const iconColors: Record<Tone, string> = {
  info: "text-accent",
  success: "text-success",
  warning: "text-warning",
  error: "text-danger",
};

/** A message box. Errors and warnings are announced to screen readers as they appear. */
export function Alert({
  tone = "info",
  title,
  children,
  testId,
}: {
  tone?: Tone;
  title?: ReactNode;
  children?: ReactNode;
  testId?: string;
}) {
  const Icon = icons[tone];
  return (
    <div
      role={tone === "error" || tone === "warning" ? "alert" : "status"}
      data-testid={testId}
      className={cn("flex gap-3 rounded-lg border px-4 py-3 text-sm", styles[tone])}
    >
      <Icon className={cn("mt-0.5 size-4 shrink-0", iconColors[tone])} aria-hidden="true" />
      <div className="min-w-0 space-y-1">
        {title ? <p className="font-medium">{title}</p> : null}
        {children ? <div className="text-foreground/80">{children}</div> : null}
      </div>
    </div>
  );
}
