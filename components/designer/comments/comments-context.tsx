"use client";

import { createContext, useContext, type ReactNode } from "react";
import { useStore } from "zustand";
import { createStepCommentsStore, type StepCommentsState, type StepCommentsStore } from "@/lib/stores/review-comments";

const StepCommentsContext = createContext<StepCommentsStore | null>(null);
// Read when no provider is there (e.g. the benchmark page's bare canvas): no comments.
const NONE = createStepCommentsStore([]);

const selectStepCommentCount = (state: StepCommentsState, stepId: string) => state.countByStep[stepId] ?? 0;

/** The open review comments of the routine in the designer (see lib/stores/review-comments). */
export function StepCommentsProvider({ store, children }: { store: StepCommentsStore; children: ReactNode }) {
  return <StepCommentsContext.Provider value={store}>{children}</StepCommentsContext.Provider>;
}

export function useStepCommentsApi(): StepCommentsStore {
  return useContext(StepCommentsContext) ?? NONE;
}

export function useStepComments<T>(selector: (state: StepCommentsState) => T): T {
  return useStore(useStepCommentsApi(), selector);
}

/** How many open comments a step has: a node re-renders only when its own count changes. */
export function useStepCommentCount(stepId: string): number {
  return useStepComments((state) => selectStepCommentCount(state, stepId));
}
