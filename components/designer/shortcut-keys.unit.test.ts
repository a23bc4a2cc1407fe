import { describe, expect, it } from "vitest";
import { pastedText, SHORTCUTS, shortcutFor, typingInAField, type KeyPress } from "./shortcut-keys";

const press = (key: string, modifiers: Partial<Omit<KeyPress, "key">> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...modifiers,
});

/**
 * An element in a page, as much of it as `closest` needs: its tag, whether it is contenteditable, its parent. The
 * selectors matched are the simple ones a text-field check uses: tag names and `[contenteditable=true]`.
 */
type FakeElement = { tag: string; editable?: boolean; parent?: FakeElement };
function inPage(element: FakeElement): EventTarget {
  const matches = (node: FakeElement, selector: string) =>
    selector === "[contenteditable=true]" ? node.editable === true : node.tag === selector;
  const closest = (selectors: string) => {
    for (let node: FakeElement | undefined = element; node; node = node.parent)
      if (selectors.split(",").some((selector) => matches(node!, selector.trim()))) return node;
    return null;
  };
  return { closest } as unknown as EventTarget;
}

describe("shortcutFor", () => {
  it("undoes with Ctrl+Z and with ⌘Z", () => {
    expect(shortcutFor(press("z", { ctrlKey: true }))).toBe("undo");
    expect(shortcutFor(press("z", { metaKey: true }))).toBe("undo");
  });

  it("redoes with Ctrl/⌘+Shift+Z and with Ctrl+Y", () => {
    expect(shortcutFor(press("Z", { ctrlKey: true, shiftKey: true }))).toBe("redo");
    expect(shortcutFor(press("z", { metaKey: true, shiftKey: true }))).toBe("redo");
    expect(shortcutFor(press("y", { ctrlKey: true }))).toBe("redo");
  });

  it("duplicates with Ctrl+D and selects every step with Ctrl+A, also with Caps Lock on", () => {
    expect(shortcutFor(press("d", { ctrlKey: true }))).toBe("duplicate");
    expect(shortcutFor(press("A", { metaKey: true }))).toBe("select-all");
  });

  it("deletes the selection with Delete or Backspace, but not with a modifier held", () => {
    expect(shortcutFor(press("Delete"))).toBe("delete");
    expect(shortcutFor(press("Backspace"))).toBe("delete");
    expect(shortcutFor(press("Backspace", { metaKey: true }))).toBeNull();
  });

  it("fits with F and lays out with L, leaving Ctrl+F (find) and Ctrl+L (address bar) to the browser", () => {
    expect(shortcutFor(press("f"))).toBe("fit");
    expect(shortcutFor(press("L", { shiftKey: true }))).toBe("layout");
    expect(shortcutFor(press("f", { ctrlKey: true }))).toBeNull();
    expect(shortcutFor(press("l", { ctrlKey: true }))).toBeNull();
  });

  it("opens the help with ?", () => {
    expect(shortcutFor(press("?", { shiftKey: true }))).toBe("help");
  });

  it("leaves plain letters, Z without a modifier and other keys alone", () => {
    for (const key of ["z", "y", "d", "a", "x", "Enter", "Escape", "ArrowLeft"])
      expect(shortcutFor(press(key)), key).toBeNull();
    expect(shortcutFor(press("c", { ctrlKey: true }))).toBeNull();
  });

  it("has an entry in the help sheet for every action it knows", () => {
    const described = SHORTCUTS.map((shortcut) => shortcut.action.toLowerCase()).join(" | ");
    for (const word of ["undo", "redo", "duplicate", "delete", "select every", "zoom to fit", "auto-layout", "help"])
      expect(described).toContain(word);
  });
});

describe("typingInAField", () => {
  it("is true for keys typed in an input, a text area, a select or an editable element", () => {
    expect(typingInAField(inPage({ tag: "input" }))).toBe(true);
    expect(typingInAField(inPage({ tag: "textarea" }))).toBe(true);
    expect(typingInAField(inPage({ tag: "select" }))).toBe(true);
    expect(typingInAField(inPage({ tag: "div", editable: true }))).toBe(true);
  });

  it("is true inside an editable element's children", () => {
    expect(typingInAField(inPage({ tag: "span", parent: { tag: "div", editable: true } }))).toBe(true);
  });

  it("is false on the canvas, a button or the page itself, so shortcuts work there", () => {
    expect(typingInAField(inPage({ tag: "div", parent: { tag: "main" } }))).toBe(false);
    expect(typingInAField(inPage({ tag: "button" }))).toBe(false);
    expect(typingInAField(null)).toBe(false);
  });
});

describe("pastedText", () => {
  it("pastes what the system clipboard holds", () => {
    expect(pastedText('{"steps": []}', "older copy")).toBe('{"steps": []}');
  });

  it("falls back to the steps last copied here when the clipboard is empty or unreadable", () => {
    expect(pastedText("", "last copy")).toBe("last copy");
    expect(pastedText(undefined, "last copy")).toBe("last copy");
    expect(pastedText(undefined, null)).toBe("");
  });
});
