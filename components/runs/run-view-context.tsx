"use client";

import { createContext, useContext, useState, type ReactNode } from "react";
import { useStore } from "zustand";
import { useShallow } from "zustand/react/shallow";
import type { Step } from "@/lib/routine";
import {
  createRunViewStore,
  type RunViewSnapshot,
  type RunViewStore,
  type RunViewStoreState,
} from "@/lib/stores/run-view";

/** The routine's structure, which never changes during a run: steps by id for nodes, panels and the progress list. */
export type RunStructure = { steps: ReadonlyMap<string, Step>; outgoing: ReadonlyMap<string, string[]> };

const StoreContext = createContext<RunViewStore | null>(null);
const StructureContext = createContext<RunStructure | null>(null);

function structureOf(snapshot: RunViewSnapshot): RunStructure {
  const outgoing = new Map<string, string[]>();
  for (const edge of snapshot.routine.edges) outgoing.set(edge.source, [...(outgoing.get(edge.source) ?? []), edge.id]);
  return { steps: new Map(snapshot.routine.steps.map((step) => [step.id, step])), outgoing };
}

/** One store per open run view, made once from the page's snapshot (never a module singleton). */
export function RunViewProvider({ snapshot, children }: { snapshot: RunViewSnapshot; children: ReactNode }) {
  const [store] = useState(() => createRunViewStore(snapshot));
  const [structure] = useState(() => structureOf(snapshot));
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
