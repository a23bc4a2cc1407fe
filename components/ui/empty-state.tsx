import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** What a page shows when it has nothing yet: what will be here, and who may use it. */
export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
  testId,
}: {
  icon: LucideIcon;
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <div
      data-testid={testId}
      className="flex flex-col items-center rounded-xl border border-dashed border-border bg-surface px-6 py-14 text-center"
    >
      <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent">
        <Icon className="size-6" aria-hidden="true" />
      </div>
      <h2 className="text-base font-semibold text-foreground">{title}</h2>
      {children ? <div className="mt-2 max-w-lg space-y-2 text-sm text-muted">{children}</div> : null}
      {action ? <div className="mt-6">{action}</div> : null}
    </div>
  );
}
