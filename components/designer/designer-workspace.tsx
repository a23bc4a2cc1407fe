"use client";

import { useEffect, useMemo, useState } from "react";
import { usePanelLayout } from "@/components/shell/canvas-layout";
import { Alert, ResizablePanel, TabList, TabPanel } from "@/components/ui";
import { Canvas } from "./canvas";
import { CommentsPanel, type ResolveComment } from "./comments/comments-panel";
import { useStepComments } from "./comments/comments-context";
import { useDesigner } from "./designer-context";
import { Inspector } from "./inspector/inspector";
import { useDesignerShortcuts } from "./shortcuts";
import { ShortcutsHelp } from "./shortcuts-help";
import { StaleSaveDialog, type SaveAsCopy } from "./stale-save-dialog";
import { TextView } from "./text-view";
import { useAutosave, type SaveDraft } from "./use-autosave";
import { ValidationPanel } from "./validation-panel";
import type { ToolDefinition } from "@/lib/routine";
import type { DesignerStoreState } from "@/lib/stores/designer";
import type { StepCommentsState } from "@/lib/stores/review-comments";

type PanelId = "inspector" | "issues" | "text" | "comments";

type Props = {
  tools: ToolDefinition[];
  saveDraft: SaveDraft;
  saveAsCopy: SaveAsCopy;
  helpOpen: boolean;
  openHelp: () => void;
  closeHelp: () => void;
  /** Resolves a review comment from the Comments tab (the designer page passes the server action). */
  resolveComment?: ResolveComment;
  reviewUrl?: string | null;
};

const selectIssueCount = (state: DesignerStoreState) => state.issues.length;
const selectCommentCount = (state: StepCommentsState) => state.comments.length;
const selectFirstValidation = (state: DesignerStoreState) => ({
  revalidate: state.revalidate,
  placeUnpositioned: state.placeUnpositioned,
});
const selectNotice = (state: DesignerStoreState) => ({ notice: state.notice, setNotice: state.setNotice });

const DETAILS_PANEL = { open: true, width: 320 };

const cannotResolve: ResolveComment = async () => ({ status: "error", message: "Comments cannot be resolved here." });

/** Canvas and details panel (inspector / issues / text) of a loaded routine, with autosave and shortcuts. */
export function DesignerWorkspace({
  tools,
  saveDraft,
  saveAsCopy,
  helpOpen,
  openHelp,
  closeHelp,
  resolveComment = cannotResolve,
  reviewUrl = null,
}: Props) {
  const [panel, setPanel] = useState<PanelId>("inspector");
  const details = usePanelLayout("designer-details", DETAILS_PANEL);
  const toolsByKey = useMemo(() => new Map(tools.map((tool) => [`${tool.server}/${tool.name}`, tool])), [tools]);
  const issueCount = useDesigner(selectIssueCount);
  const commentCount = useStepComments(selectCommentCount);
  useAutosave(saveDraft);
  useDesignerShortcuts(openHelp);
  useFirstValidation();

  return (
    <>
      <div className="relative min-w-0 flex-1">
        <Canvas toolsByKey={toolsByKey} />
        <Notice />
      </div>
      <ResizablePanel
        side="right"
        label="the details"
        minWidth={280}
        maxWidth={640}
        testId="details-panel"
        {...details}
      >
        <aside className="flex min-h-0 min-w-0 flex-1 flex-col border-l border-border bg-surface" aria-label="Details">
          <div className="border-b border-border px-2 pt-2">
            <TabList
              idPrefix="designer"
              label="Details"
              value={panel}
              onChange={setPanel}
              tabs={[
                { id: "inspector", label: "Inspector" },
                {
                  id: "issues",
                  label: <span data-testid="issues-tab">Issues {issueCount ? `(${issueCount})` : ""}</span>,
                },
                { id: "text", label: "Text" },
                {
                  id: "comments",
                  label: <span data-testid="comments-tab">Comments {commentCount ? `(${commentCount})` : ""}</span>,
                },
              ]}
            />
          </div>
          {/* Focusable so the keyboard can scroll it when the panel shown has no control of its own (WCAG 2.1.1). */}
          <div className="min-h-0 flex-1 overflow-y-auto" tabIndex={0} role="region" aria-label="Details panel">
            <TabPanel idPrefix="designer" id="inspector" active={panel === "inspector"}>
              <Inspector tools={tools} />
            </TabPanel>
            <TabPanel idPrefix="designer" id="issues" active={panel === "issues"}>
              <IssuesThenInspector onPick={() => setPanel("inspector")} tools={tools} />
            </TabPanel>
            <TabPanel idPrefix="designer" id="text" active={panel === "text"}>
              {/* Mounted only when shown: rendering the text of a large routine on every keystroke is wasted work. */}
              {panel === "text" ? (
                <div className="h-[calc(100dvh-10rem)]">
                  <TextView tools={tools} />
                </div>
              ) : null}
            </TabPanel>
            <TabPanel idPrefix="designer" id="comments" active={panel === "comments"}>
              <CommentsPanel resolve={resolveComment} reviewUrl={reviewUrl} />
            </TabPanel>
          </div>
        </aside>
      </ResizablePanel>
      <ShortcutsHelp open={helpOpen} onClose={closeHelp} />
      <StaleSaveDialog saveAsCopy={saveAsCopy} />
    </>
  );
}

/**
 * Validates the routine once the browser is idle after the first render (the store starts without issues, see
 * DesignerInit.deferValidation): on a large routine that keeps it out of the opening's long task.
 */
function useFirstValidation() {
  const { revalidate, placeUnpositioned } = useDesigner(selectFirstValidation);
  // A routine stored before steps were laid out on creation may hold steps without a position: place them once.
  useEffect(() => void placeUnpositioned(), [placeUnpositioned]);
  useEffect(() => {
    if (typeof requestIdleCallback !== "function") {
      const timer = setTimeout(revalidate, 0);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(revalidate, { timeout: 1000 });
    return () => cancelIdleCallback(handle);
  }, [revalidate]);
}

/** Clicking an issue selects its step and shows it in the inspector. */
function IssuesThenInspector({ onPick, tools }: { onPick: () => void; tools: ToolDefinition[] }) {
  return (
    <div
      onClickCapture={(event) => {
        if ((event.target as HTMLElement).closest("[data-step-id]")) setTimeout(onPick, 0);
      }}
    >
      <ValidationPanel tools={tools} />
    </div>
  );
}

/** A short-lived message, e.g. why a connection was refused. */
function Notice() {
  const { notice, setNotice } = useDesigner(selectNotice);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), 4000);
    return () => clearTimeout(timer);
  }, [notice, setNotice]);
  if (!notice) return null;
  return (
    <div className="absolute left-1/2 top-3 z-10 w-96 -translate-x-1/2">
      <Alert tone="warning" testId="designer-notice">
        {notice}
      </Alert>
    </div>
  );
}
