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

/** What a key press asks the designer to do (see SHORTCUTS for the list the help sheet shows). */
export type ShortcutAction = "undo" | "redo" | "duplicate" | "select-all" | "delete" | "fit" | "layout" | "help";

export type KeyPress = Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "shiftKey">;

/** The designer action a key press asks for, or null for a key the designer leaves to the browser. */
export function shortcutFor(press: KeyPress): ShortcutAction | null {
  const mod = press.ctrlKey || press.metaKey;
  const key = press.key.toLowerCase();
  if (mod && key === "z" && !press.shiftKey) return "undo";
  if ((mod && key === "z" && press.shiftKey) || (mod && key === "y")) return "redo";
  if (mod && key === "d") return "duplicate";
  if (mod && key === "a") return "select-all";
  if (!mod && (press.key === "Delete" || press.key === "Backspace")) return "delete";
  if (!mod && key === "f") return "fit";
  if (!mod && key === "l") return "layout";
  if (press.key === "?") return "help";
  return null;
}

/** Where keys and clipboard events belong to what the person is typing in, not to the canvas. */
export const TEXT_FIELDS = "input, textarea, select, [contenteditable=true]";

/** Whether an event comes from a field the person types in: there, keys and copy/paste keep their usual meaning. */
export function typingInAField(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return Boolean(element?.closest(TEXT_FIELDS));
}

/** The text a paste brings: the system clipboard's, else the steps this app last copied (another tab, no clipboard access). */
export function pastedText(clipboardText: string | undefined, lastCopied: string | null): string {
  return clipboardText || lastCopied || "";
}
