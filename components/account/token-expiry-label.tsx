"use client";

import { useSyncExternalStore } from "react";
import { Badge } from "@/components/ui";
import { tokenExpiryText } from "@/lib/access";

const subscribe = (onChange: () => void) => {
  const timer = setInterval(onChange, 60_000);
  return () => clearInterval(timer);
};

/**
 * "expires in 12 days", "expired" or "never expires", kept current. The server (and the first client render) shows
 * the UTC date instead, so the HTML never depends on the moment it was rendered and hydration always matches.
 */
export function TokenExpiryLabel({ expiresAt }: { expiresAt: string | null }) {
  const absolute = expiresAt === null ? "never expires" : `${expiresAt.replace("T", " ").slice(0, 16)} UTC`;
  const text = useSyncExternalStore(
    subscribe,
    () => tokenExpiryText(expiresAt),
    () => absolute,
  );
  if (text === "expired")
    return (
      <Badge tone="danger" title={absolute} data-testid="token-expiry-label">
        expired
      </Badge>
    );
  return (
    <time dateTime={expiresAt ?? undefined} title={absolute} data-testid="token-expiry-label">
      {text}
    </time>
  );
}
