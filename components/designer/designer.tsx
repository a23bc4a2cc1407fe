"use client";

import { ReactFlowProvider } from "@xyflow/react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { Alert, TabList, TabPanel } from "@/components/ui";
import { Canvas } from "./canvas";
import { DesignerProvider, useDesigner } from "./designer-context";
import { Inspector } from "./inspector/inspector";
import { Palette } from "./palette";
import { useDesignerShortcuts } from "./shortcuts";
import { ShortcutsHelp } from "./shortcuts-help";
import { StaleSaveDialog, type SaveAsCopy } from "./stale-save-dialog";
import { TextView } from "./text-view";
import { Toolbar } from "./toolbar";
import { useAutosave, type SaveDraft } from "./use-autosave";
import { ValidationPanel } from "./validation-panel";
import { lookupFromList, type ToolDefinition, type Routine } from "@/lib/routine";

type Props = {
  routineId: string;
  /**
   * The routine as JSON text, as the server read and validated it. A string crosses the server/client boundary as
   * one value, where a 1,000-step object tree is walked value by value on the server and rebuilt on the client.
   */
  routineJson: string;
  revision: number;
  canEdit: boolean;
  tools: ToolDefinition[];
  saveDraft: SaveDraft;
  saveAsCopy: SaveAsCopy;
};

/** The routine designer: palette, canvas, inspector / issues / text, with autosave. */
export function Designer({ routineId, routineJson, revision, canEdit, tools, saveDraft, saveAsCopy }: Props) {
  const init = useMemo(
    () => ({ routineId, routine: JSON.parse(routineJson) as Routine, revision, canEdit, tools: lookupFromList(tools), deferValidation: true }),
    [routineId, routineJson, revision, canEdit, tools],
  );
  return (
    <DesignerProvider init={init}>
      <ReactFlowProvider>
        <DesignerLayout tools={tools} saveDraft={saveDraft} saveAsCopy={saveAsCopy} canEdit={canEdit} />
      </ReactFlowProvider>
    </DesignerProvider>
  );
}

type PanelId = "inspector" | "issues" | "text";

function DesignerLayout({ tools, saveDraft, saveAsCopy, canEdit }: { tools: ToolDefinition[]; saveDraft: SaveDraft; saveAsCopy: SaveAsCopy; canEdit: boolean }) {
  const [helpOpen, setHelpOpen] = useState(false);
  const [panel, setPanel] = useState<PanelId>("inspector");
  const openHelp = useCallback(() => setHelpOpen(true), []);
  const toolsByKey = useMemo(() => new Map(tools.map((tool) => [`${tool.server}/${tool.name}`, tool])), [tools]);
  const issueCount = useDesigner((state) => state.issues.length);
  useAutosave(saveDraft);
  useDesignerShortcuts(openHelp);
  useFirstValidation();

  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="designer">
      <Toolbar openHelp={openHelp} />
      <div className="flex min-h-0 flex-1">
        <Palette tools={tools} canEdit={canEdit} />
        <div className="relative min-w-0 flex-1">
          <Canvas toolsByKey={toolsByKey} />
          <Notice />
        </div>
        <aside className="flex w-96 shrink-0 flex-col border-l border-border bg-surface" aria-label="Details">
          <div className="border-b border-border px-2 pt-2">
            <TabList
              idPrefix="designer"
              label="Details"
              value={panel}
              onChange={setPanel}
              tabs={[
                { id: "inspector", label: "Inspector" },
                { id: "issues", label: <span data-testid="issues-tab">Issues {issueCount ? `(${issueCount})` : ""}</span> },
                { id: "text", label: "Text" },
              ]}
            />
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">
            <TabPanel idPrefix="designer" id="inspector" active={panel === "inspector"}>
              <Inspector tools={tools} />
            </TabPanel>
            <TabPanel idPrefix="designer" id="issues" active={panel === "issues"}>
              <IssuesThenInspector onPick={() => setPanel("inspector")} />
            </TabPanel>
            <TabPanel idPrefix="designer" id="text" active={panel === "text"}>
              {/* Mounted only when shown: rendering the text of a large routine on every keystroke is wasted work. */}
              {panel === "text" ? <div className="h-[calc(100dvh-10rem)]"><TextView /></div> : null}
            </TabPanel>
          </div>
        </aside>
      </div>
      <ShortcutsHelp open={helpOpen} onClose={() => setHelpOpen(false)} />
      <StaleSaveDialog saveAsCopy={saveAsCopy} />
    </div>
  );
}

/**
 * Validates the routine once the browser is idle after the first render (the store starts without issues, see
 * DesignerInit.deferValidation): on a large routine that keeps it out of the server render and the hydration.
 */
function useFirstValidation() {
  const { revalidate, placeUnpositioned } = useDesigner((state) => ({ revalidate: state.revalidate, placeUnpositioned: state.placeUnpositioned }));
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
function IssuesThenInspector({ onPick }: { onPick: () => void }) {
  return (
    <div onClickCapture={(event) => { if ((event.target as HTMLElement).closest("[data-step-id]")) setTimeout(onPick, 0); }}>
      <ValidationPanel />
    </div>
  );
}

/** A short-lived message, e.g. why a connection was refused. */
function Notice() {
  const { notice, setNotice } = useDesigner((state) => ({ notice: state.notice, setNotice: state.setNotice }));
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), 4000);
    return () => clearTimeout(timer);
  }, [notice, setNotice]);
  if (!notice) return null;
  return (
    <div className="absolute left-1/2 top-3 z-10 w-96 -translate-x-1/2">
      <Alert tone="warning" testId="designer-notice">{notice}</Alert>
    </div>
  );
}
