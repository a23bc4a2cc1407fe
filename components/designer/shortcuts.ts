"use client";

import { useReactFlow } from "@xyflow/react";
import { useEffect } from "react";
import { parseClipboard } from "@/lib/stores/designer";
import { useDesignerApi } from "./designer-context";
import { pastedText, shortcutFor, typingInAField, type ShortcutAction } from "./shortcut-keys";

const CLIPBOARD_KEY = "routine-studio:clipboard";

/** Wires the shortcuts to the document while the designer is open. Copy/paste use the system clipboard. */
export function useDesignerShortcuts(openHelp: () => void) {
  const store = useDesignerApi();
  const { fitView } = useReactFlow();

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (typingInAField(event.target)) return;
      const action = shortcutFor(event);
      if (!action) return;
      event.preventDefault();
      const state = store.getState();
      const run: Record<ShortcutAction, () => void> = {
        undo: state.undo,
        redo: state.redo,
        duplicate: state.duplicateSelection,
        "select-all": () => state.select(state.routine.steps.map((step) => step.id)),
        delete: state.deleteSelection,
        fit: () => fitView({ duration: 200 }),
        layout: () =>
          void state.autoLayout("RIGHT").then(() => requestAnimationFrame(() => fitView({ duration: 200 }))),
        help: openHelp,
      };
      run[action]();
    };
    const onCopy = (event: ClipboardEvent) => {
      if (typingInAField(event.target) || window.getSelection()?.toString()) return;
      const clipboard = store.getState().copySelection();
      if (!clipboard) return;
      const text = JSON.stringify(clipboard);
      event.clipboardData?.setData("text/plain", text);
      localStorage.setItem(CLIPBOARD_KEY, text);
      event.preventDefault();
    };
    const onPaste = (event: ClipboardEvent) => {
      if (typingInAField(event.target)) return;
      const text = pastedText(event.clipboardData?.getData("text/plain"), localStorage.getItem(CLIPBOARD_KEY));
      const clipboard = parseClipboard(text);
      if (!clipboard) return;
      event.preventDefault();
      store.getState().paste(clipboard);
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("copy", onCopy);
    document.addEventListener("paste", onPaste);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("copy", onCopy);
      document.removeEventListener("paste", onPaste);
    };
  }, [store, fitView, openHelp]);
}
