"use client";

import { ReactFlowProvider } from "@xyflow/react";
import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { Alert, Button, ResizablePanel } from "@/components/ui";
import type { ResolveComment } from "./comments/comments-panel";
import { StepCommentsProvider } from "./comments/comments-context";
import { DesignerStoreProvider, type DesignerActor } from "./designer-context";
import { ToolbarSkeleton, WorkspaceSkeleton } from "./designer-skeleton";
import { DesignerWorkspace } from "./designer-workspace";
import { Palette } from "./palette";
import { usePanelLayout } from "@/components/shell/canvas-layout";
import { Toolbar } from "./toolbar";
import type { SaveAsCopy } from "./stale-save-dialog";
import type { SaveDraft } from "./use-autosave";
import { useRoutineDocument } from "./use-routine-document";
import { lookupFromList, type ToolDefinition } from "@/lib/routine";
import { createDesignerStore } from "@/lib/stores/designer";
import { createStepCommentsStore, type OpenComment } from "@/lib/stores/review-comments";

type Props = {
  routineId: string;
  /**
   * Where the routine and its revision are read from (GET, JSON). The page preloads it: a 1,000-step routine
   * travels beside the page rather than inside its payload, and the server renders no store for it.
   */
  routineUrl: string;
  canEdit: boolean;
  tools: ToolDefinition[];
  /** The actor profiles the routine and its sub-routine steps may name; validation checks against them. */
  actors?: readonly DesignerActor[];
  saveDraft: SaveDraft;
  saveAsCopy: SaveAsCopy;
  /** The title bar, drawn inside the designer's store provider so its buttons can read the store (e.g. the saved revision). */
  header?: ReactNode;
  /** Open review comments on the working version, shown on their steps and in the Comments tab. */
  comments?: OpenComment[];
  resolveComment?: ResolveComment;
  /** The working version's review page, when it has one. */
  reviewUrl?: string | null;
};

const NO_COMMENTS: OpenComment[] = [];
const NO_ACTORS: readonly DesignerActor[] = [];

/**
 * The routine designer: palette, canvas, inspector / issues / text, with autosave. The palette needs only the
 * tools, so it is drawn (and hydrated) while the routine is still on its way; the rest appears when it arrives.
 */
export function Designer({
  routineId,
  routineUrl,
  canEdit,
  tools,
  actors = NO_ACTORS,
  saveDraft,
  saveAsCopy,
  header,
  comments = NO_COMMENTS,
  resolveComment,
  reviewUrl = null,
}: Props) {
  const { document, retry } = useRoutineDocument(routineUrl);
  const [commentStore] = useState(() => createStepCommentsStore(comments));
  // The page re-rendered (e.g. after a review action): the server's list is the truth.
  useEffect(() => commentStore.getState().replace(comments), [commentStore, comments]);
  const [helpOpen, setHelpOpen] = useState(false);
  const openHelp = useCallback(() => setHelpOpen(true), []);
  const closeHelp = useCallback(() => setHelpOpen(false), []);
  const store = useMemo(
    () =>
      document.status === "ready"
        ? createDesignerStore({
            routineId,
            routine: document.routine,
            revision: document.revision,
            canEdit,
            tools: lookupFromList(tools),
            actors,
            deferValidation: true,
          })
        : null,
    [document, routineId, canEdit, tools, actors],
  );
  if (document.status === "error") {
    return (
      <div className="flex h-full flex-col">
        {header}
        <div className="p-8" data-testid="designer-load-error">
          <Alert tone="error" title="This routine could not be opened">
            <p>{document.message}</p>
            <Button className="mt-3" onClick={retry} data-testid="designer-load-retry">
              Try again
            </Button>
          </Alert>
        </div>
      </div>
    );
  }
  return (
    <DesignerStoreProvider store={store} actors={actors}>
      <StepCommentsProvider store={commentStore}>
        <ReactFlowProvider>
          <div className="flex h-full min-h-0 flex-col">
            {header}
            <div
              className="flex min-h-0 flex-1 flex-col"
              data-testid={store ? "designer" : "designer-body-loading"}
              aria-busy={store ? undefined : true}
            >
              {store ? <Toolbar openHelp={openHelp} /> : <ToolbarSkeleton />}
              <div className="flex min-h-0 flex-1">
                {/* Read-only (operators, reviewers, a version past draft): nothing can be added, so no palette. */}
                {canEdit ? <PalettePanel tools={tools} /> : null}
                {store ? (
                  <DesignerWorkspace
                    tools={tools}
                    saveDraft={saveDraft}
                    saveAsCopy={saveAsCopy}
                    helpOpen={helpOpen}
                    openHelp={openHelp}
                    closeHelp={closeHelp}
                    resolveComment={resolveComment}
                    reviewUrl={reviewUrl}
                  />
                ) : (
                  <WorkspaceSkeleton />
                )}
              </div>
            </div>
          </div>
        </ReactFlowProvider>
      </StepCommentsProvider>
    </DesignerStoreProvider>
  );
}

/** The palette in a side panel that can be resized and hidden, remembered with the page's layout. */
function PalettePanel({ tools }: { tools: ToolDefinition[] }) {
  const panel = usePanelLayout("designer-palette", PALETTE_PANEL);
  return (
    <ResizablePanel side="left" label="the palette" minWidth={180} maxWidth={400} testId="palette-panel" {...panel}>
      <Palette tools={tools} canEdit />
    </ResizablePanel>
  );
}

const PALETTE_PANEL = { open: true, width: 224 };
