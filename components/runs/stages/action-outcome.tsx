"use client";

import { Alert } from "@/components/ui";
import type { ActionState } from "@/lib/forms";

/** What the server said about an operator's action: its refusal, or what now happens. */
export function ActionOutcome({ state, testId }: { state: ActionState; testId: string }) {
  if (state.status === "error")
    return (
      <Alert tone="error" testId={`${testId}-error`}>
        {state.message}
      </Alert>
    );
  if (state.status === "success")
    return (
      <Alert tone="success" testId={`${testId}-done`}>
        {state.message}
      </Alert>
    );
  return null;
}
