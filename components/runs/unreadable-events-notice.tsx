"use client";

import { Alert } from "@/components/ui";
import type { RunViewStoreState, UnreadableEventView } from "@/lib/stores/run-view";
import { useRunView } from "./run-view-context";

const selectUnreadableEvents = (state: RunViewStoreState) => state.unreadableEvents;

const countText = (count: number) => (count === 1 ? "1 event could not be read" : `${count} events could not be read`);

function describe(event: UnreadableEventView): string {
  const version = event.version === null ? "" : ` v${event.version}`;
  return `#${event.seq} ${event.type}${version}: ${event.reason}`;
}

/**
 * Says that the run is shown without some of its stored events (decision 0039): how many, and in a details element
 * which ones and why. Nothing when every event was read.
 */
export function UnreadableEventsNotice() {
  const unreadable = useRunView(selectUnreadableEvents);
  if (unreadable.length === 0) return null;
  return (
    <div className="px-4 pt-3">
      <Alert tone="info" title={countText(unreadable.length)} testId="unreadable-events-notice">
        <p>The run is shown without them: what they recorded is missing from the canvas and the panels.</p>
        <details className="mt-1">
          <summary className="cursor-pointer">Why</summary>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 break-words">
            {unreadable.map((event) => (
              <li key={event.seq}>{describe(event)}</li>
            ))}
          </ul>
        </details>
      </Alert>
    </div>
  );
}
