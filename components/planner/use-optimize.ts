"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { type OptimizeRefusalBody, type OptimizeRequest, readEventStream } from "@/lib/planner/contract";
import {
  afterOptimizeEvent,
  interruption,
  OPTIMIZE_SENT,
  refusal,
  type OptimizeFailure,
  type OptimizeState,
  type RunningPhase,
} from "./optimize-stream";

export type { FailureKind, OptimizeState } from "./optimize-stream";

/**
 * Runs "Optimize with AI" for one routine: POSTs the request, follows the NDJSON progress stream, and ends in done
 * or failed. `cancel` aborts the request, which the server takes as a cancel (nothing is saved); leaving the page
 * does the same.
 */
export function useOptimize(routineId: string) {
  const [state, setState] = useState<OptimizeState>({ status: "idle" });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (request: OptimizeRequest) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      let seen: RunningPhase[] = [];
      const fail = ({ kind, message }: OptimizeFailure) =>
        setState({ status: "failed", kind, message, issues: [], seen: [...seen] });
      setState(OPTIMIZE_SENT);

      let response: Response;
      try {
        response = await fetch(`/api/routines/${encodeURIComponent(routineId)}/optimize`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(request),
          signal: abort.signal,
        });
      } catch {
        fail(interruption(abort.signal.aborted, "connecting"));
        return;
      }
      if (!response.ok || !response.body) {
        const body = (await response.json().catch(() => null)) as OptimizeRefusalBody | null;
        fail(refusal(response.status, body));
        return;
      }

      let ended = false;
      try {
        await readEventStream(response.body, (event) => {
          const next = afterOptimizeEvent(event, seen);
          if (next.status === "running") seen = next.seen;
          else ended = true;
          setState(next);
        });
      } catch {
        fail(interruption(abort.signal.aborted, "streaming"));
        return;
      }
      if (!ended) fail(interruption(abort.signal.aborted, "streaming"));
    },
    [routineId],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  const reset = useCallback(() => setState({ status: "idle" }), []);
  return { state, start, cancel, reset };
}
