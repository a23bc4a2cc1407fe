"use client";

import { useFormAction } from "@/components/ui";
import { idleState, type ActionState } from "@/lib/forms";
import type { FormAction } from "./actor-types";

/** A settings form's action, telling `onSaved` the success message once the server saved (a refusal stays shown). */
export function useSavingForm(action: FormAction, onSaved: (message: string) => void) {
  const save = async (state: ActionState, formData: FormData) => {
    const result = await action(state, formData);
    if (result.status === "success") onSaved(result.message);
    return result;
  };
  const form = useFormAction(save, idleState as ActionState);
  return { ...form, errors: form.state.status === "error" ? form.state.fieldErrors : undefined };
}
