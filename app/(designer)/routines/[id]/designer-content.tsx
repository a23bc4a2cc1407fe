import { notFound } from "next/navigation";
import { Designer } from "@/components/designer/designer";
import { DesignerHeader } from "@/components/designer/designer-header";
import { ToolChangesBanner } from "@/components/designer/tool-changes-banner";
import { Alert } from "@/components/ui";
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
      <DesignerHeader name={detail.name} status={detail.status} archived={detail.archived} canEdit={detail.canEdit} />
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
