"use client";

import { createContext, useContext, useMemo, useState, type ReactNode } from "react";
import { useStore } from "zustand";
import { useShallow } from "zustand/react/shallow";
import type { Routine, Step } from "@/lib/routine";
import {
  createRunViewStore,
  type RunViewSnapshot,
  type RunViewStore,
  type RunViewStoreState,
} from "@/lib/stores/run-view";

/**
 * The routine's structure: steps by id for nodes, panels and the progress list. A routine run's never changes; a
 * planned run's grows as its actors' calls arrive (the store rebuilds its routine only then).
 */
export type RunStructure = { steps: ReadonlyMap<string, Step>; outgoing: ReadonlyMap<string, string[]> };

const StoreContext = createContext<RunViewStore | null>(null);
const StructureContext = createContext<RunStructure | null>(null);

function structureOf(routine: Routine): RunStructure {
  const outgoing = new Map<string, string[]>();
  for (const edge of routine.edges) outgoing.set(edge.source, [...(outgoing.get(edge.source) ?? []), edge.id]);
  return { steps: new Map(routine.steps.map((step) => [step.id, step])), outgoing };
}

const selectRoutine = (state: RunViewStoreState) => state.routine;

/** One store per open run view, made once from the page's snapshot (never a module singleton). */
export function RunViewProvider({ snapshot, children }: { snapshot: RunViewSnapshot; children: ReactNode }) {
  const [store] = useState(() => createRunViewStore(snapshot));
  // The same routine object for a routine run's whole life: the structure is built once and no node re-renders.
  const routine = useStore(store, selectRoutine);
  const structure = useMemo(() => structureOf(routine), [routine]);
  return (
    <StoreContext.Provider value={store}>
      <StructureContext.Provider value={structure}>{children}</StructureContext.Provider>
    </StoreContext.Provider>
  );
}

export function useRunViewApi(): RunViewStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error("Run view components render inside <RunViewProvider>");
  return store;
}

/** Subscribes to the smallest slice a component needs; objects are compared shallowly. */
export function useRunView<T>(selector: (state: RunViewStoreState) => T): T {
  return useStore(useRunViewApi(), useShallow(selector));
}

export function useRunStructure(): RunStructure {
  const structure = useContext(StructureContext);
  if (!structure) throw new Error("Run view components render inside <RunViewProvider>");
  return structure;
}
