"use client";

import { useReactFlow } from "@xyflow/react";
import { ArrowDownToLine, ArrowRightToLine, Download, HelpCircle, Maximize, Redo2, Undo2, Upload } from "lucide-react";
import { useRef, useState, type ReactNode } from "react";
import { Alert, Button, Dialog } from "@/components/ui";
import { useDesigner } from "./designer-context";
import { downloadRoutine, readImportedRoutine } from "./import-export";
import { SaveStatus } from "./save-status";
import type { DesignerStoreState } from "@/lib/stores/designer";

const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

const selectToolbar = (state: DesignerStoreState) => ({
  canUndo: state.history.past.length > 0,
  canRedo: state.history.future.length > 0,
  canEdit: state.canEdit,
  undo: state.undo,
  redo: state.redo,
  autoLayout: state.autoLayout,
  routine: state.routine,
  replaceRoutine: state.replaceRoutine,
});

function ToolButton({
  label,
  onClick,
  disabled,
  children,
  testId,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      title={label}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}

/** Undo/redo, layout, zoom, import/export, help, and where saving stands. */
export function Toolbar({ openHelp }: { openHelp: () => void }) {
  const { canUndo, canRedo, canEdit, undo, redo, autoLayout, routine, replaceRoutine } = useDesigner(selectToolbar);
  const { fitView } = useReactFlow();
  const fileInput = useRef<HTMLInputElement>(null);
  const layout = async (direction: "RIGHT" | "DOWN") => {
    await autoLayout(direction);
    // After React Flow has measured the moved nodes.
    requestAnimationFrame(() => fitView({ duration: 200 }));
  };
  const [importProblems, setImportProblems] = useState<string[] | null>(null);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_IMPORT_BYTES)
      return setImportProblems([
        `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB; routines import up to 5 MB.`,
      ]);
    const outcome = readImportedRoutine(file.name, await file.text(), routine);
    if (!outcome.ok) return setImportProblems(outcome.problems);
    replaceRoutine(outcome.routine);
    setTimeout(() => fitView({ duration: 200 }), 50);
  };

  return (
    <div
      className="flex h-11 items-center gap-1 border-b border-border bg-surface px-2"
      role="toolbar"
      aria-label="Designer"
      data-testid="designer-toolbar"
    >
      <ToolButton label="Undo (Ctrl+Z)" onClick={undo} disabled={!canEdit || !canUndo} testId="undo">
        <Undo2 className="size-4" />
      </ToolButton>
      <ToolButton label="Redo (Ctrl+Shift+Z)" onClick={redo} disabled={!canEdit || !canRedo} testId="redo">
        <Redo2 className="size-4" />
      </ToolButton>
      <span className="mx-1 h-5 w-px bg-border" aria-hidden="true" />
      <ToolButton
        label="Auto-layout left to right"
        onClick={() => void layout("RIGHT")}
        disabled={!canEdit}
        testId="layout-right"
      >
        <ArrowRightToLine className="size-4" />
      </ToolButton>
      <ToolButton
        label="Auto-layout top down"
        onClick={() => void layout("DOWN")}
        disabled={!canEdit}
        testId="layout-down"
      >
        <ArrowDownToLine className="size-4" />
      </ToolButton>
      <ToolButton label="Zoom to fit (F)" onClick={() => fitView({ duration: 200 })} testId="fit-view">
        <Maximize className="size-4" />
      </ToolButton>
      <span className="mx-1 h-5 w-px bg-border" aria-hidden="true" />
      <ToolButton
        label="Import a routine (JSON or text)"
        onClick={() => fileInput.current?.click()}
        disabled={!canEdit}
        testId="import"
      >
        <Upload className="size-4" />
      </ToolButton>
      <input
        ref={fileInput}
        type="file"
        accept=".json,.txt,application/json,text/plain"
        className="hidden"
        data-testid="import-file"
        onChange={(event) => {
          void onFile(event.target.files?.[0]);
          event.target.value = "";
        }}
      />
      <ToolButton label="Export as JSON" onClick={() => downloadRoutine(routine, "json")} testId="export-json">
        <Download className="size-4" />
        <span className="text-xs">JSON</span>
      </ToolButton>
      <ToolButton label="Export as text" onClick={() => downloadRoutine(routine, "text")} testId="export-text">
        <Download className="size-4" />
        <span className="text-xs">Text</span>
      </ToolButton>
      <ToolButton label="Keyboard shortcuts (?)" onClick={openHelp} testId="shortcuts">
        <HelpCircle className="size-4" />
      </ToolButton>
      <div className="ml-auto">
        <SaveStatus />
      </div>
      <Dialog
        open={importProblems !== null}
        onClose={() => setImportProblems(null)}
        title="That file could not be imported"
        description="Nothing was changed."
        testId="import-error"
      >
        <Alert tone="error">
          <ul className="space-y-0.5">
            {importProblems?.slice(0, 10).map((problem, index) => (
              <li key={index}>{problem}</li>
            ))}
          </ul>
        </Alert>
      </Dialog>
    </div>
  );
}
