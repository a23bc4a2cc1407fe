import { z } from "zod";

/** How long a new personal API token may live, in days; `null` (no expiry) is the other choice. */
export const TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;

export type TokenExpiryDays = (typeof TOKEN_EXPIRY_DAYS)[number];

/** What the tokens page offers first: long enough for an integration to settle in, short enough to be rotated. */
export const DEFAULT_TOKEN_EXPIRY_DAYS: TokenExpiryDays = 90;

const EXPIRY_MESSAGE = "Choose when the token expires: after 7, 30, 90 or 365 days, or never.";

/** A token's lifetime in days, or null for a token that does not expire. */
export const tokenExpirySchema = z.literal(TOKEN_EXPIRY_DAYS, { message: EXPIRY_MESSAGE }).nullable();

const DAY_MS = 24 * 3600 * 1000;

/** When a token created at `from` with a lifetime of `days` expires; null when it does not. */
export function tokenExpiresAt(days: TokenExpiryDays | null, from: Date): Date | null {
  return days === null ? null : new Date(from.getTime() + days * DAY_MS);
}

/** Whether a token with this expiry is refused at `now`: from its expiry on, never before. */
export function isTokenExpired(expiresAt: Date | null, now: Date): boolean {
  return expiresAt !== null && expiresAt.getTime() <= now.getTime();
}

/** "expires in 12 days", "expires in 5 hours", "expired", "never expires": a token's expiry as the list shows it. */
export function tokenExpiryText(expiresAt: Date | string | null, now: Date = new Date()): string {
  if (expiresAt === null) return "never expires";
  const left = new Date(expiresAt).getTime() - now.getTime();
  if (left <= 0) return "expired";
  const [count, unit] =
    left >= 2 * DAY_MS
      ? [Math.round(left / DAY_MS), "day"]
      : left >= 2 * 3600_000
        ? [Math.round(left / 3600_000), "hour"]
        : [Math.max(1, Math.round(left / 60_000)), "minute"];
  return `expires in ${count} ${unit}${count === 1 ? "" : "s"}`;
}
