import { createHash } from "node:crypto";
import type { Routine } from "../routine";

/** JSON with object keys sorted at every level (arrays keep their order), so equal content always hashes alike. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, inner]) => inner !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, inner]) => [key, canonical(inner)]),
    );
  }
  return value;
}

/** A content hash (`sha256:<hex>`) of a JSON value, independent of key order. */
export function contentHash(value: unknown): string {
  return `sha256:${createHash("sha256")
    .update(JSON.stringify(canonical(value)), "utf8")
    .digest("hex")}`;
}

/**
 * The content hash of a routine version: of the routine as it is read (parsed, defaults filled, migrated forward),
 * so the hash a reviewer's page showed, the one a decision or publish carries, and the one an evaluation result
 * records compare equal exactly when the content is the same (issue #29: approval binds content).
 */
export const routineContentHash = (routine: Routine): string => contentHash(routine);
