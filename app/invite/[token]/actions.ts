"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { toErrorState } from "@/lib/actions";
import { type ActionState } from "@/lib/forms";
import { signInWithPassword } from "@/lib/session";
import { acceptInvitation } from "@/lib/db/users";

const acceptForm = z
  .object({ token: z.string(), password: z.string(), confirm: z.string() })
  .refine((form) => form.password === form.confirm, { path: ["confirm"], message: "The two passwords differ." });

/** Public on purpose: the invitation token is the authorization, checked by the DAL. */
export async function acceptInvitationAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const parsed = acceptForm.safeParse({
    token: formData.get("token") ?? "",
    password: formData.get("password") ?? "",
    confirm: formData.get("confirm") ?? "",
  });
  if (!parsed.success)
    return {
      status: "error",
      message: "Check the highlighted fields.",
      fieldErrors: z.flattenError(parsed.error).fieldErrors,
    };
  let email: string;
  try {
    ({ email } = await acceptInvitation({ token: parsed.data.token, password: parsed.data.password }));
  } catch (error) {
    return toErrorState(error);
  }
  const outcome = await signInWithPassword(email, parsed.data.password, await headers());
  redirect(outcome.ok ? "/" : "/sign-in");
}
