"use client";

import { useEffect, useState } from "react";

/** The current time, ticking every `intervalMs` while `live`; frozen (and no timer) otherwise. */
export function useNow(live: boolean, intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!live) return;
    // The clock starts from the moment it goes live, not from the first render.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [live, intervalMs]);
  return now;
}
