import { ChevronLeft } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { acceptToolChangesAction, saveRoutineAsCopyAction, saveRoutineDraftAction } from "./actions";
import { Designer } from "@/components/designer/designer";
import { AccessDenied } from "@/components/shell/access-denied";
import { Alert, Badge } from "@/components/ui";
import { sectionAccess } from "@/lib/auth/server";
import { ToolChangesBanner } from "@/components/designer/tool-changes-banner";
import { getRoutine, NotFoundError, registryToolCatalog, type RoutineDetail } from "@/lib/db";

export const metadata: Metadata = { title: "Designer" };

export default async function RoutineDesignerPage({ params }: { params: Promise<{ id: string }> }) {
  const { viewer, allowed } = await sectionAccess("routines");
  if (!allowed) return <AccessDenied sectionId="routines" viewer={viewer} />;
  const { id } = await params;
  let detail: RoutineDetail;
  try {
    detail = await getRoutine(id);
  } catch (error) {
    if (error instanceof NotFoundError) notFound();
    return (
      <div className="p-8">
        <Alert tone="error" title="This routine could not be opened">{error instanceof Error ? error.message : "Please try again."}</Alert>
      </div>
    );
  }
  const tools = await registryToolCatalog.listTools();
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-12 shrink-0 items-center gap-3 border-b border-border bg-surface px-3">
        <Link href="/routines" className="flex items-center gap-1 rounded-md px-1.5 py-1 text-sm text-muted hover:text-foreground">
          <ChevronLeft className="size-4" aria-hidden="true" /> Routines
        </Link>
        <h1 className="truncate text-sm font-semibold text-foreground" data-testid="page-title">{detail.routine.name}</h1>
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
          routine={detail.routine}
          revision={detail.revision}
          canEdit={detail.canEdit}
          tools={tools}
          saveDraft={saveRoutineDraftAction}
          saveAsCopy={saveRoutineAsCopyAction}
        />
      </div>
    </div>
  );
}
