"use client";

import { createContext, useContext, type ReactNode } from "react";
import { useStore } from "zustand";
import { useShallow } from "zustand/react/shallow";
import type { DesignerStore, DesignerStoreState } from "@/lib/stores/designer";

const DesignerContext = createContext<DesignerStore | null>(null);

/**
 * One store per open routine (made by the designer once the routine arrives); null while it loads, when only parts
 * drawn without a routine, such as the palette, render.
 */
export function DesignerStoreProvider({ store, children }: { store: DesignerStore | null; children: ReactNode }) {
  return <DesignerContext.Provider value={store}>{children}</DesignerContext.Provider>;
}

export function useDesignerApi(): DesignerStore {
  const store = useContext(DesignerContext);
  if (!store) throw new Error("useDesigner must be used inside <DesignerStoreProvider> once the routine has loaded");
  return store;
}

/** The store, or null while the routine loads: for parts drawn around the designer, such as its header. */
export function useOptionalDesignerApi(): DesignerStore | null {
  return useContext(DesignerContext);
}

/**
 * Subscribes to the smallest slice a component needs; objects are compared shallowly. Pass a selector declared at
 * module scope (STYLE #6); one that needs a prop is a module-scope `(state, prop) => …` bound in a one-line arrow.
 */
export function useDesigner<T>(selector: (state: DesignerStoreState) => T): T {
  return useStore(useDesignerApi(), useShallow(selector));
}
