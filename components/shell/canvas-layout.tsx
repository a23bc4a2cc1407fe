"use client";

import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import { layoutCookieLine, type CanvasLayout, type PanelLayout } from "./layout-cookie";

type LayoutApi = {
  layout: CanvasLayout;
  setNavIcons: (icons: boolean) => void;
  setPanel: (id: string, panel: PanelLayout) => void;
};

const CanvasLayoutContext = createContext<LayoutApi | null>(null);

/**
 * Holds the canvas pages' layout (layout-cookie.ts) for the navigation and the side panels, starting from what
 * the server read in the cookie, and writes every change back to the cookie.
 */
export function CanvasLayoutProvider({ initial, children }: { initial: CanvasLayout; children: ReactNode }) {
  const [layout, setLayout] = useState(initial);
  // The latest layout, so a change made between renders (a drag) builds on the one before it.
  const latest = useRef(initial);
  const update = useCallback((change: (layout: CanvasLayout) => CanvasLayout) => {
    latest.current = change(latest.current);
    document.cookie = layoutCookieLine(latest.current);
    setLayout(latest.current);
  }, []);
  const api = useMemo<LayoutApi>(
    () => ({
      layout,
      setNavIcons: (navIcons) => update((current) => ({ ...current, navIcons })),
      setPanel: (id, panel) => update((current) => ({ ...current, panels: { ...current.panels, [id]: panel } })),
    }),
    [layout, update],
  );
  return <CanvasLayoutContext value={api}>{children}</CanvasLayoutContext>;
}

/** The layout of the canvas page around the caller, or null outside one (the panel then keeps its own state). */
export function useCanvasLayout(): LayoutApi | null {
  return useContext(CanvasLayoutContext);
}

/**
 * One side panel's width and open state, remembered in the layout cookie under `id` (kept in the component when
 * outside a canvas page). Spread the result into a ResizablePanel.
 */
export function usePanelLayout(
  id: string,
  defaults: PanelLayout,
): PanelLayout & { onChange: (panel: PanelLayout) => void } {
  const shared = useCanvasLayout();
  const [own, setOwn] = useState(defaults);
  const panel = shared ? (shared.layout.panels[id] ?? defaults) : own;
  const onChange = useCallback(
    (next: PanelLayout) => (shared ? shared.setPanel(id, next) : setOwn(next)),
    [shared, id],
  );
  return { ...panel, onChange };
}
