import { ChevronLeft } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui";
import type { RoutineStatus } from "@/lib/db";

type Props = {
  name: string;
  status: RoutineStatus;
  archived: boolean;
  canEdit: boolean;
  /** Buttons placed at the right end of the bar, before the lifecycle buttons (e.g. "Optimize with AI"). */
  actions?: ReactNode;
};

/** The designer's top bar: back to the library, the routine's name and where its working version stands. */
export function DesignerHeader({ name, status, archived, canEdit, actions }: Props) {
  return (
    <div className="flex h-12 shrink-0 items-center gap-3 border-b border-border bg-surface px-3" data-testid="designer-header">
      <Link href="/routines" prefetch={false} className="flex items-center gap-1 rounded-md px-1.5 py-1 text-sm text-muted hover:text-foreground">
        <ChevronLeft className="size-4" aria-hidden="true" /> Routines
      </Link>
      <h1 className="truncate text-sm font-semibold text-foreground" data-testid="page-title">{name}</h1>
      <Badge tone={status === "draft" ? "neutral" : "accent"}>{status.replace("_", " ")}</Badge>
      {archived ? <Badge tone="warning">archived</Badge> : null}
      {!canEdit ? <span className="text-xs text-muted">Read only: only authors edit drafts.</span> : null}
      {actions ? <div className="ml-auto flex items-center gap-2" data-testid="designer-header-actions">{actions}</div> : null}
    </div>
  );
}
