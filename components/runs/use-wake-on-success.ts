"use client";

import { useEffect } from "react";
import type { ActionState } from "@/lib/forms";
import { useRunViewApi } from "./run-view-context";

/**
 * After an operator's action succeeds, asks the stream to reconnect at once: a retried or re-run finished run has
 * new events, and the stream had closed after its end.
 */
export function useWakeOnSuccess(state: ActionState<unknown>): void {
  const api = useRunViewApi();
  useEffect(() => {
    if (state.status === "success") api.getState().wakeStream();
  }, [state, api]);
}
