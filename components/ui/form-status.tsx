import type { ReactNode } from "react";
import { Alert } from "./alert";

type Props = {
  /** The form's action state: an error or a success message, or neither (idle). */
  state: { status: string; message?: string };
  /** Test ids `${testId}-error` and `${testId}-success`. */
  testId: string;
  /** The success message's tone, when a success still carries a caveat. */
  successTone?: "success" | "warning";
  /** More to show under a success message (a link to copy, say). */
  successExtra?: ReactNode;
};

/** The one place a form says how its last submission went: the server's error, or its success message. */
export function FormStatus({ state, testId, successTone = "success", successExtra }: Props) {
  if (state.status === "error")
    return (
      <Alert tone="error" testId={`${testId}-error`}>
        {state.message}
      </Alert>
    );
  if (state.status === "success")
    return (
      <Alert tone={successTone} testId={`${testId}-success`}>
        {state.message}
        {successExtra}
      </Alert>
    );
  return null;
}
