"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import type { RunStatus } from "@/lib/events";
import { needsRefresh, readStatusMessage, withStatus } from "./live-status-message";

const REFRESH_DELAY_MS = 1_000;

/**
 * Live statuses for the runs list from GET /api/runs/events. A status change of a listed run updates its row in
 * place; a run the list does not have yet (just started) or one that finished refreshes the page's data (at most
 * once a second), so new rows and final durations appear without a reload. EventSource reconnects by itself; the
 * data is refreshed then, since changes made while it was away are not replayed.
 */
export function useLiveStatuses(listedIds: readonly string[]): {
  statuses: Readonly<Record<string, RunStatus>>;
  live: boolean;
} {
  const router = useRouter();
  const [statuses, setStatuses] = useState<Record<string, RunStatus>>({});
  const [live, setLive] = useState(false);
  const listed = useRef(new Set(listedIds));
  useEffect(() => {
    listed.current = new Set(listedIds);
  }, [listedIds]);

  useEffect(() => {
    let refreshTimer: ReturnType<typeof setTimeout> | undefined;
    const refreshSoon = () => {
      refreshTimer ??= setTimeout(() => {
        refreshTimer = undefined;
        router.refresh();
      }, REFRESH_DELAY_MS);
    };
    const source = new EventSource("/api/runs/events");
    let opened = false;
    source.onopen = () => {
      setLive(true);
      // A reconnect (the server ends streams after a while, see lib/events/stream-limits.ts): changes made while
      // the stream was down are not replayed on this stream, so the page's data is read again.
      if (opened) refreshSoon();
      opened = true;
    };
    source.onerror = () => setLive(false);
    source.addEventListener("status", (message: MessageEvent<string>) => {
      const update = readStatusMessage(message.data);
      if (!update) return;
      setStatuses((current) => withStatus(current, update));
      if (needsRefresh(update, listed.current)) refreshSoon();
    });
    return () => {
      clearTimeout(refreshTimer);
      source.close();
    };
  }, [router]);

  return { statuses, live };
}
