import { notFound } from "next/navigation";
import { Designer } from "@/components/designer/designer";
import { DesignerHeader } from "@/components/designer/designer-header";
import { ToolChangesBanner } from "@/components/designer/tool-changes-banner";
import { OptimizeButton } from "@/components/planner/optimize-button";
import { RunRoutineButton } from "@/components/runs/start/run-routine-button";
import { Alert } from "@/components/ui";
import { hasAnyRole, type Viewer } from "@/lib/access";
import { listActorProfiles } from "@/lib/db/actors";
import { getRoutineForEditing, type RoutineDraftForEditing } from "@/lib/db/library";
import { NotFoundError } from "@/lib/db/core";
import { registryToolCatalog } from "@/lib/db/tools";
import { acceptToolChangesAction, saveRoutineAsCopyAction, saveRoutineDraftAction } from "./actions";
import { readOpenComments } from "./open-comments";
import { loadRunFormAction, startRunAction } from "./run-actions";
import {
  resolveCommentInDesignerAction,
  startNewDraftAction,
  submitForReviewAction,
  withdrawFromReviewAction,
} from "./review-actions";

const lifecycleActions = {
  submit: submitForReviewAction,
  withdraw: withdrawFromReviewAction,
  startDraft: startNewDraftAction,
};
const runActions = { load: loadRunFormAction, start: startRunAction };

/** Where the designer reads the working routine from (app/api/routines/[id]/working). */
export function workingRoutineUrl(id: string): string {
  return `/api/routines/${encodeURIComponent(id)}/working`;
}

/** The designer with its routine: rendered inside the page's Suspense boundary, so it streams after the shell. */
export async function DesignerContent({ id, viewer }: { id: string; viewer: Viewer }) {
  let detail: RoutineDraftForEditing;
  try {
    detail = await getRoutineForEditing(viewer, id);
  } catch (error) {
    if (error instanceof NotFoundError) notFound();
    return (
      <div className="p-8">
        <Alert tone="error" title="This routine could not be opened">
          {error instanceof Error ? error.message : "Please try again."}
        </Alert>
      </div>
    );
  }
  const [tools, comments, actors] = await Promise.all([
    registryToolCatalog(viewer).listTools(),
    readOpenComments(viewer, detail.id, detail.openCommentCount).catch(() => []),
    listActorProfiles(viewer)
      .then((profiles) =>
        profiles.map(({ id, name, toolkit }) => ({ id, name, toolkitName: toolkit.name, tools: toolkit.tools })),
      )
      .catch(() => []),
  ]);
  const routineUrl = workingRoutineUrl(detail.id);
  const canRun =
    detail.publishedVersionNumber !== null && !detail.archived && hasAnyRole(viewer.roles, ["operator", "admin"]);
  const hasReview = detail.status !== "draft" || detail.latestReview !== null || comments.length > 0;
  return (
    <Designer
      // A new working version, or one that moved through review, is a different document: remount and read it again.
      key={`${detail.versionId}:${detail.status}`}
      routineId={detail.id}
      routineUrl={routineUrl}
      canEdit={detail.canEdit}
      tools={tools}
      actors={actors}
      saveDraft={saveRoutineDraftAction}
      saveAsCopy={saveRoutineAsCopyAction}
      comments={comments}
      resolveComment={resolveCommentInDesignerAction}
      reviewUrl={hasReview ? `/routines/${encodeURIComponent(detail.id)}/review/${detail.versionNumber}` : null}
      header={
        <>
          <DesignerHeader
            detail={detail}
            lifecycleActions={lifecycleActions}
            actions={
              <>
                {detail.canEdit ? <OptimizeButton routineId={detail.id} basedOnVersionId={detail.versionId} /> : null}
                {canRun ? (
                  <RunRoutineButton
                    routineId={detail.id}
                    publishedVersionNumber={detail.publishedVersionNumber!}
                    actions={runActions}
                  />
                ) : null}
              </>
            }
          />
          {detail.toolChanges.length > 0 ? (
            <ToolChangesBanner
              routineId={detail.id}
              changes={detail.toolChanges}
              canAccept={detail.canEdit}
              action={acceptToolChangesAction}
            />
          ) : null}
        </>
      }
    />
  );
}
