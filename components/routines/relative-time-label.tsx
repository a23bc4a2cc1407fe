"use client";

import { useSyncExternalStore } from "react";
import { relativeTime } from "./relative-time";

const subscribe = (onChange: () => void) => {
  const timer = setInterval(onChange, 30_000);
  return () => clearInterval(timer);
};

/**
 * "5 minutes ago", kept current. The server (and the first client render) shows the UTC time instead, so the HTML
 * never depends on the moment it was rendered and hydration always matches.
 */
export function RelativeTimeLabel({ iso, testId }: { iso: string; testId?: string }) {
  const absolute = `${iso.replace("T", " ").slice(0, 16)} UTC`;
  const label = useSyncExternalStore(
    subscribe,
    () => relativeTime(iso),
    () => absolute,
  );
  return (
    <time dateTime={iso} title={absolute} data-testid={testId}>
      {label}
    </time>
  );
}
