"use client";

import { useEffect, useRef } from "react";
import { useDesignerApi } from "./designer-context";
import {
  afterSave,
  leavingLosesChanges,
  savesNow,
  UNREACHABLE,
  type SaveDraft,
  type SaveResult,
} from "./autosave-rules";

export type { SaveDraft, SaveResult } from "./autosave-rules";

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
      if (!savesNow(state, inFlight.current)) return;
      inFlight.current = true;
      const routine = state.routine;
      state.setSave({ status: "saving", message: undefined });
      let result: SaveResult;
      try {
        result = await saveDraft({ routineId: state.routineId, baseRevision: state.save.revision, routine });
      } catch {
        result = UNREACHABLE;
      }
      inFlight.current = false;
      const { save, next } = afterSave(result, store.getState().routine !== routine);
      store.getState().setSave(save);
      if (next === "save-soon") schedule();
      if (next === "retry-later") timer = setTimeout(flush, 5000);
    };
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(flush, DEBOUNCE_MS);
    };
    const unsubscribe = store.subscribe((state, previous) => {
      if (state.routine !== previous.routine) schedule();
    });
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (leavingLosesChanges(store.getState().save.status)) event.preventDefault();
    };
    window.addEventListener("beforeunload", beforeUnload);
    return () => {
      unsubscribe();
      clearTimeout(timer);
      window.removeEventListener("beforeunload", beforeUnload);
    };
  }, [store, saveDraft]);
}
