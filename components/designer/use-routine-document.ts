"use client";

import { useCallback, useEffect, useState } from "react";
import type { Routine } from "@/lib/routine";
import { routineLoadError } from "./routine-load-error";

export type RoutineDocument =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; routine: Routine; revision: number };

/**
 * Loads the routine the designer edits from `url` (the page preloads it while its scripts load, so the answer is
 * usually there before the designer asks). The body is the stored routine of the current schema version, written
 * only after the server validated it; `retry` asks again after an error.
 */
export function useRoutineDocument(url: string): { document: RoutineDocument; retry: () => void } {
  const [document, setDocument] = useState<RoutineDocument>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    fetch(url, { signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(await routineLoadError(response));
        const body = (await response.json()) as { routine: Routine; revision: number };
        setDocument({ status: "ready", routine: body.routine, revision: body.revision });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setDocument({
          status: "error",
          message: error instanceof Error && error.message ? error.message : "The routine could not be loaded.",
        });
      });
    return () => controller.abort();
  }, [url, attempt]);
  const retry = useCallback(() => {
    setDocument({ status: "loading" });
    setAttempt((count) => count + 1);
  }, []);
  return { document, retry };
}
