// The routine designer's client state: the routine being edited, its canvas, selection, history and save state.
export { createDesignerStore, selectStep } from "./designer-store";
export type { DesignerStore, DesignerStoreState, SaveState } from "./designer-store";
export { parseClipboard } from "./routine-edits";
