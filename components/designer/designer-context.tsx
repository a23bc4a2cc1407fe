"use client";

import { createContext, useContext, type ReactNode } from "react";
import { useStore } from "zustand";
import { useShallow } from "zustand/react/shallow";
import type { ActorLookupEntry } from "@/lib/routine";
import type { DesignerStore, DesignerStoreState } from "@/lib/stores/designer";

const DesignerContext = createContext<DesignerStore | null>(null);

/** An actor profile the author may pick for the routine or a sub-routine step, with its toolkit's tools. */
export type DesignerActor = ActorLookupEntry & { toolkitName: string };

const NO_ACTORS: readonly DesignerActor[] = [];
const ActorsContext = createContext<readonly DesignerActor[]>(NO_ACTORS);

/** The actor profiles the routine and its sub-routine steps may name (none before the page passed them). */
export function useDesignerActors(): readonly DesignerActor[] {
  return useContext(ActorsContext);
}

/**
 * One store per open routine (made by the designer once the routine arrives); null while it loads, when only parts
 * drawn without a routine, such as the palette, render.
 */
export function DesignerStoreProvider({
  store,
  actors = NO_ACTORS,
  children,
}: {
  store: DesignerStore | null;
  /** The actor profiles for the inspector's actor pickers; they change only when the page reloads. */
  actors?: readonly DesignerActor[];
  children: ReactNode;
}) {
  return (
    <DesignerContext.Provider value={store}>
      <ActorsContext.Provider value={actors}>{children}</ActorsContext.Provider>
    </DesignerContext.Provider>
  );
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
