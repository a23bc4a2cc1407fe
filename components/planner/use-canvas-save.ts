"use client";

import { useSyncExternalStore } from "react";
import { useOptionalDesignerApi } from "@/components/designer/designer-context";
import type { SaveState } from "@/lib/stores/designer";

const noSubscription = () => () => {};

/** The designer's save state (status and saved revision), or null while the routine loads or outside a designer. */
export function useCanvasSave(): SaveState | null {
  const store = useOptionalDesignerApi();
  return useSyncExternalStore(
    store ? store.subscribe : noSubscription,
    () => store?.getState().save ?? null,
    () => null,
  );
}

/** Why the canvas cannot be optimized yet: the planner reads what is saved, so unsaved changes must land first. */
export function canvasWaitReason(save: SaveState | null): string | undefined {
  if (!save) return "Opening the routine…";
  switch (save.status) {
    case "saved":
      return undefined;
    case "dirty":
    case "saving":
      return "Saving your last changes first…";
    case "error":
      return "Your last changes are not saved yet; optimize once they are.";
    case "stale":
      return "This draft changed elsewhere; choose which version to keep first.";
  }
}
