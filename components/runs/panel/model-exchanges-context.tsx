"use client";

import { createContext, useContext, type ReactNode } from "react";
import type { LoadModelExchanges } from "./model-exchanges-types";

const LoaderContext = createContext<LoadModelExchanges | null>(null);

/**
 * Makes the "Model exchanges" sections of the run's side panel appear: the page gives the loader (a server action)
 * to admins only, and null to everyone else, so nobody else ever sees the section (the action refuses them too).
 */
export function ModelExchangesProvider({ load, children }: { load: LoadModelExchanges | null; children: ReactNode }) {
  return <LoaderContext.Provider value={load}>{children}</LoaderContext.Provider>;
}

/** The loader, or null when the viewer may not read model exchanges. */
export function useModelExchangesLoader(): LoadModelExchanges | null {
  return useContext(LoaderContext);
}
