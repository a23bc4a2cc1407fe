"use client";

import { useReactFlow } from "@xyflow/react";
import { useEffect } from "react";
import { parseClipboard } from "@/lib/stores/designer";
import { useDesignerApi } from "./designer-context";

/** The designer's keyboard shortcuts, listed in the help sheet. */
export const SHORTCUTS: Array<{ keys: string; action: string }> = [
  { keys: "Ctrl/⌘ Z", action: "Undo" },
  { keys: "Ctrl/⌘ Shift Z, Ctrl Y", action: "Redo" },
  { keys: "Ctrl/⌘ C / V", action: "Copy / paste steps (also between routines)" },
  { keys: "Ctrl/⌘ D", action: "Duplicate the selected steps" },
  { keys: "Delete, Backspace", action: "Delete the selection" },
  { keys: "Ctrl/⌘ A", action: "Select every step" },
  { keys: "Shift + click or drag", action: "Select several steps" },
  { keys: "F", action: "Zoom to fit" },
  { keys: "L", action: "Auto-layout left to right" },
  { keys: "?", action: "Show this help" },
];

const CLIPBOARD_KEY = "routine-studio:clipboard";

function typingInAField(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return Boolean(element?.closest("input, textarea, select, [contenteditable=true]"));
}

/** Wires the shortcuts to the document while the designer is open. Copy/paste use the system clipboard. */
export function useDesignerShortcuts(openHelp: () => void) {
  const store = useDesignerApi();
  const { fitView } = useReactFlow();

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (typingInAField(event.target)) return;
      const state = store.getState();
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      const handled = (run: () => void) => {
        event.preventDefault();
        run();
      };
      if (mod && key === "z" && !event.shiftKey) return handled(state.undo);
      if ((mod && key === "z" && event.shiftKey) || (mod && key === "y")) return handled(state.redo);
      if (mod && key === "d") return handled(state.duplicateSelection);
      if (mod && key === "a") return handled(() => state.select(state.routine.steps.map((step) => step.id)));
      if (!mod && (event.key === "Delete" || event.key === "Backspace")) return handled(state.deleteSelection);
      if (!mod && key === "f") return handled(() => fitView({ duration: 200 }));
      if (!mod && key === "l")
        return handled(
          () => void state.autoLayout("RIGHT").then(() => requestAnimationFrame(() => fitView({ duration: 200 }))),
        );
      if (event.key === "?") return handled(openHelp);
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
      const text = event.clipboardData?.getData("text/plain") || localStorage.getItem(CLIPBOARD_KEY) || "";
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
