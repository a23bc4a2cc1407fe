"use client";

import { useEffect, useRef } from "react";
import { useDesignerApi } from "./designer-context";
import type { Routine } from "@/lib/routine";

export type SaveResult =
  | { status: "saved"; revision: number }
  | { status: "stale"; currentRevision: number }
  | { status: "error"; message: string };
export type SaveDraft = (input: { routineId: string; baseRevision: number; routine: Routine }) => Promise<SaveResult>;

const DEBOUNCE_MS = 800;

/**
 * Saves the working draft a moment after each change, one save at a time. Changes made during a save are saved
 * next, so no keystroke is lost; a stale save stops autosaving until the user chooses (see StaleSaveDialog).
 * Leaving the page with unsaved changes asks first.
 */
export function useAutosave(saveDraft: SaveDraft) {
  const store = useDesignerApi();
  const inFlight = useRef(false);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = async () => {
      const state = store.getState();
      if (inFlight.current || state.save.status === "stale" || !state.canEdit) return;
      if (state.save.status !== "dirty" && state.save.status !== "error") return;
      inFlight.current = true;
      const routine = state.routine;
      state.setSave({ status: "saving", message: undefined });
      let result: SaveResult;
      try {
        result = await saveDraft({ routineId: state.routineId, baseRevision: state.save.revision, routine });
      } catch {
        result = { status: "error", message: "The server could not be reached. Your changes are kept here; retrying." };
      }
      inFlight.current = false;
      const changedMeanwhile = store.getState().routine !== routine;
      if (result.status === "saved")
        store.getState().setSave({ status: changedMeanwhile ? "dirty" : "saved", revision: result.revision });
      else if (result.status === "stale")
        store.getState().setSave({ status: "stale", currentRevision: result.currentRevision });
      else store.getState().setSave({ status: "error", message: result.message });
      if (changedMeanwhile && result.status === "saved") schedule();
      if (result.status === "error") timer = setTimeout(flush, 5000);
    };
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(flush, DEBOUNCE_MS);
    };
    const unsubscribe = store.subscribe((state, previous) => {
      if (state.routine !== previous.routine) schedule();
    });
    const beforeUnload = (event: BeforeUnloadEvent) => {
      const status = store.getState().save.status;
      if (status === "dirty" || status === "saving" || status === "error" || status === "stale") event.preventDefault();
    };
    window.addEventListener("beforeunload", beforeUnload);
    return () => {
      unsubscribe();
      clearTimeout(timer);
      window.removeEventListener("beforeunload", beforeUnload);
    };
  }, [store, saveDraft]);
}
