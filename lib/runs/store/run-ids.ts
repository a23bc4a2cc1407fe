import { randomUUID } from "node:crypto";

/**
 * A UUIDv7-shaped id: the time in milliseconds first, then random bits. Rows the run store appends many of per step
 * (events, variables) get ids that sort by time, so each insert lands at the right edge of the primary key's index
 * instead of on a random page, and a commit writes fewer pages (decision 0028).
 */
export function timeOrderedId(now = Date.now()): string {
  const random = randomUUID();
  const time = now.toString(16).padStart(12, "0");
  // random is xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx: keep its variant and random bits, put the version 7 in.
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${random.slice(15)}`;
}
