"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import {
  type OptimizeEvent,
  type OptimizeFailureCode,
  type OptimizeRefusalBody,
  type OptimizeRequest,
  type PlannerPhase,
  readEventStream,
  type RemainingIssue,
} from "@/lib/planner/contract";

type DoneEvent = Extract<OptimizeEvent, { phase: "done" }>;
type RunningPhase = Exclude<PlannerPhase, "done" | "failed">;

/** Why a run ended without a new version, as the dialog tells it apart. */
export type FailureKind = OptimizeFailureCode | "not_configured" | "refused" | "network" | "cancelled";

export type OptimizeState =
  | { status: "idle" }
  | { status: "running"; phase: RunningPhase; message: string; percent: number; attempt: number; seen: RunningPhase[] }
  | { status: "done"; result: DoneEvent; seen: RunningPhase[] }
  | { status: "failed"; kind: FailureKind; message: string; issues: RemainingIssue[]; seen: RunningPhase[] };

const LOST =
  "The connection to the server broke before the planner finished. Reload the page to see whether a new version was saved.";

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
      const seen: RunningPhase[] = [];
      const fail = (kind: FailureKind, message: string, issues: RemainingIssue[] = []) =>
        setState({ status: "failed", kind, message, issues, seen: [...seen] });
      const cancelled = () => fail("cancelled", "Cancelled. Nothing was saved.");
      setState({
        status: "running",
        phase: "planning",
        message: "Sending the draft to the planner…",
        percent: 2,
        attempt: 1,
        seen: [],
      });

      let response: Response;
      try {
        response = await fetch(`/api/routines/${encodeURIComponent(routineId)}/optimize`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(request),
          signal: abort.signal,
        });
      } catch {
        if (abort.signal.aborted) cancelled();
        else
          fail("network", "The server could not be reached. Check your connection and try again; nothing was saved.");
        return;
      }
      if (!response.ok || !response.body) {
        const body = (await response.json().catch(() => null)) as OptimizeRefusalBody | null;
        const kind = body?.code ?? "refused";
        fail(kind, body?.error ?? `The server refused the request (HTTP ${response.status}). Nothing was saved.`);
        return;
      }

      let ended = false;
      try {
        await readEventStream(response.body, (event) => {
          if (event.phase === "done") {
            ended = true;
            setState({ status: "done", result: event, seen: [...seen] });
          } else if (event.phase === "failed") {
            ended = true;
            fail(event.code, event.message, event.issues ?? []);
          } else {
            if (seen.at(-1) !== event.phase) seen.push(event.phase);
            setState({
              status: "running",
              phase: event.phase,
              message: event.message,
              percent: event.percent,
              attempt: event.attempt,
              seen: [...seen],
            });
          }
        });
      } catch {
        if (abort.signal.aborted) cancelled();
        else fail("network", LOST);
        return;
      }
      if (!ended) {
        if (abort.signal.aborted) cancelled();
        else fail("network", LOST);
      }
    },
    [routineId],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  const reset = useCallback(() => setState({ status: "idle" }), []);
  return { state, start, cancel, reset };
}
