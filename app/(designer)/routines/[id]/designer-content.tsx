import { ChevronLeft } from "lucide-react";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Designer } from "@/components/designer/designer";
import { ToolChangesBanner } from "@/components/designer/tool-changes-banner";
import { Alert, Badge } from "@/components/ui";
import { getRoutineForEditing, NotFoundError, registryToolCatalog, type RoutineDraftForEditing } from "@/lib/db";
import { acceptToolChangesAction, saveRoutineAsCopyAction, saveRoutineDraftAction } from "./actions";

/** Where the designer reads the working routine from (app/api/routines/[id]/working). */
export function workingRoutineUrl(id: string): string {
  return `/api/routines/${encodeURIComponent(id)}/working`;
}

/** The designer with its routine: rendered inside the page's Suspense boundary, so it streams after the shell. */
export async function DesignerContent({ id }: { id: string }) {
  let detail: RoutineDraftForEditing;
  try {
    detail = await getRoutineForEditing(id);
  } catch (error) {
    if (error instanceof NotFoundError) notFound();
    return (
      <div className="p-8">
        <Alert tone="error" title="This routine could not be opened">{error instanceof Error ? error.message : "Please try again."}</Alert>
      </div>
    );
  }
  const tools = await registryToolCatalog.listTools();
  const routineUrl = workingRoutineUrl(detail.id);
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-12 shrink-0 items-center gap-3 border-b border-border bg-surface px-3">
        <Link href="/routines" prefetch={false} className="flex items-center gap-1 rounded-md px-1.5 py-1 text-sm text-muted hover:text-foreground">
          <ChevronLeft className="size-4" aria-hidden="true" /> Routines
        </Link>
        <h1 className="truncate text-sm font-semibold text-foreground" data-testid="page-title">{detail.name}</h1>
        <Badge tone={detail.status === "draft" ? "neutral" : "accent"}>{detail.status.replace("_", " ")}</Badge>
        {detail.archived ? <Badge tone="warning">archived</Badge> : null}
        {!detail.canEdit ? <span className="text-xs text-muted">Read only: only authors edit drafts.</span> : null}
      </div>
      {detail.toolChanges.length > 0 ? (
        <ToolChangesBanner routineId={detail.id} changes={detail.toolChanges} canAccept={detail.canEdit} action={acceptToolChangesAction} />
      ) : null}
      <div className="min-h-0 flex-1">
        <Designer
          routineId={detail.id}
          routineUrl={routineUrl}
          canEdit={detail.canEdit}
          tools={tools}
          saveDraft={saveRoutineDraftAction}
          saveAsCopy={saveRoutineAsCopyAction}
        />
      </div>
    </div>
  );
}
