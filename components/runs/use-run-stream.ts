"use client";

import { useEffect } from "react";
import { connectRunStream } from "@/lib/stores/run-view";
import { useRunViewApi } from "./run-view-context";

/** Keeps the run view's store live from the run's SSE stream while mounted (see lib/stores/run-view/run-stream-client). */
export function useRunStream(runId: string, historyUntil: number): void {
  const store = useRunViewApi();
  useEffect(() => {
    const connection = connectRunStream({ url: `/api/runs/${encodeURIComponent(runId)}/events`, store, historyUntil });
    return () => connection.close();
  }, [runId, historyUntil, store]);
}
