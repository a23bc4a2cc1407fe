import type { ActionState } from "@/lib/forms";
import { Alert } from "@/components/ui";

/** What a lifecycle action answered: its error, or its success message. */
export function ActionMessage({ state, testId }: { state: ActionState; testId: string }) {
  if (state.status === "idle") return null;
  return (
    <Alert tone={state.status === "error" ? "error" : "success"} testId={testId}>
      {state.message}
    </Alert>
  );
}
