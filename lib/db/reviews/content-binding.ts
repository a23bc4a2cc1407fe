import "server-only";
import { routineContentHash } from "../../crypto";
import { ConflictError } from "../core";
import { readStoredRoutine } from "../routines";

// Decisions and publications bind to content, not to a version id (issue #29): each carries the content hash the
// caller's page showed, and is refused when the version's content is no longer that.

/** The content hash of a stored version: of the routine as read, as the review page shows and decisions carry it. */
export function storedContentHash(content: string): string {
  return routineContentHash(readStoredRoutine(content));
}

/**
 * A decision or publication whose content hash is not the version's: the version changed since the caller's page
 * read it (withdrawn, edited and submitted again, say), so the caller would act on content they have not seen.
 * Nothing was written. A ConflictError, so forms show its message; pages reload to show the current content.
 */
export class VersionChangedError extends ConflictError {
  constructor(number: number, doing: "decided" | "published") {
    const verb = doing === "decided" ? "deciding on" : "publishing";
    super(
      `Version ${number} changed since you opened this page, so you would be ${verb} content you have not seen. ` +
        `Nothing was ${doing}: the page now shows the version as it is, review it again.`,
    );
    this.name = "VersionChangedError";
  }
}

/** Refuses with VersionChangedError unless `seen` is the content hash of the version as stored now. */
export function assertContentSeen(
  version: { number: number; content: string },
  seen: string,
  doing: "decided" | "published",
): void {
  if (storedContentHash(version.content) !== seen) throw new VersionChangedError(version.number, doing);
}
