"use client";

import { Send, X } from "lucide-react";
import { useState, useSyncExternalStore, useTransition } from "react";
import { Alert, Button } from "@/components/ui";
import type { ActionState } from "@/lib/forms";
import type { SaveState } from "@/lib/stores/designer";
import { useOptionalDesignerApi } from "./designer-context";

export type SubmitForReview = (input: { routineId: string; baseRevision: number }) => Promise<ActionState>;

const noSubscription = () => () => {};

/** The designer's save state, or null while the routine loads (the header is drawn before the store exists). */
function useSaveState(): SaveState | null {
  const store = useOptionalDesignerApi();
  return useSyncExternalStore(
    store ? store.subscribe : noSubscription,
    () => store?.getState().save ?? null,
    () => null,
  );
}

const WAIT: Partial<Record<SaveState["status"], string>> = {
  dirty: "Saving your last changes first…",
  saving: "Saving your last changes first…",
  error: "Your last changes are not saved yet; submit once they are.",
  stale: "This draft changed elsewhere; choose which version to keep first.",
};

/**
 * "Submit for review": sends the draft at the revision this designer last saved, so the reviewer sees exactly
 * what the author saw. Waits while a save is pending; the server refuses a routine with validation errors and
 * says which (shown below the button).
 */
export function SubmitForReviewButton({ routineId, submit }: { routineId: string; submit: SubmitForReview }) {
  const save = useSaveState();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const waiting = save ? WAIT[save.status] : "Opening the routine…";
  const onClick = () => {
    if (!save || save.status !== "saved") return;
    setError(null);
    startTransition(async () => {
      const result = await submit({ routineId, baseRevision: save.revision }).catch(
        () => ({ status: "error", message: "The server could not be reached; nothing was submitted." }) as const,
      );
      if (result.status === "error") setError(result.message);
    });
  };
  return (
    <div className="relative">
      <Button
        size="sm"
        onClick={onClick}
        pending={pending}
        disabled={Boolean(waiting)}
        title={waiting}
        data-testid="submit-for-review"
      >
        {pending ? null : <Send className="size-4" aria-hidden="true" />}
        Submit for review
      </Button>
      {error ? (
        <div className="absolute right-0 top-full z-30 mt-2 w-96" data-testid="submit-for-review-error">
          <Alert tone="error" title="Not submitted">
            <p>{error}</p>
            <button
              type="button"
              onClick={() => setError(null)}
              className="mt-2 inline-flex items-center gap-1 text-xs text-muted hover:text-foreground"
            >
              <X className="size-3" aria-hidden="true" /> Dismiss
            </button>
          </Alert>
        </div>
      ) : null}
    </div>
  );
}
