"use client";

import { createContext, useContext, useState, type ReactNode } from "react";
import { useStore } from "zustand";
import { useShallow } from "zustand/react/shallow";
import { createDesignerStore, type DesignerActions, type DesignerInit, type DesignerState, type DesignerStore } from "@/lib/stores/designer/designer-store";

const DesignerContext = createContext<DesignerStore | null>(null);

/** One store per open routine, created once for the provider's lifetime. */
export function DesignerProvider({ init, children }: { init: DesignerInit; children: ReactNode }) {
  const [store] = useState(() => createDesignerStore(init));
  return <DesignerContext.Provider value={store}>{children}</DesignerContext.Provider>;
}

export function useDesignerApi(): DesignerStore {
  const store = useContext(DesignerContext);
  if (!store) throw new Error("useDesigner must be used inside <DesignerProvider>");
  return store;
}

type Full = DesignerState & DesignerActions;

/** Subscribes to the smallest slice a component needs; objects are compared shallowly. */
export function useDesigner<T>(selector: (state: Full) => T): T {
  return useStore(useDesignerApi(), useShallow(selector));
}
