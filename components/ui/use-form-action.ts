"use client";

import { startTransition, useActionState, type FormEvent } from "react";

/**
 * useActionState for forms that must keep what the user typed when the server says no.
 * React resets a form after an `action` submission; submitting through onSubmit in a transition does not,
 * so an error never costs keystrokes. The `action` stays on the form as the no-JavaScript fallback.
 */
export function useFormAction<State>(
  action: (state: Awaited<State>, formData: FormData) => State | Promise<State>,
  initial: Awaited<State>,
) {
  const [state, formAction, pending] = useActionState(action, initial);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    startTransition(() => formAction(formData));
  };
  return { state, formAction, onSubmit, pending };
}
