"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import type { ActionState } from "@/lib/forms";
import { safeRedirectPath } from "@/lib/access";
import { signInWithPassword } from "@/lib/session";

const signInForm = z.object({
  email: z
    .string({ message: "Enter your email address." })
    .trim()
    .toLowerCase()
    .pipe(z.email("Enter a valid email address.")),
  password: z
    .string({ message: "Enter your password." })
    .min(1, "Enter your password.")
    .max(256, "That password is too long."),
  next: z.string().max(2000).optional(),
});

export async function signInAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const parsed = signInForm.safeParse({
    email: formData.get("email") ?? undefined,
    password: formData.get("password") ?? undefined,
    next: formData.get("next") ?? undefined,
  });
  if (!parsed.success) {
    return {
      status: "error",
      message: "Check the highlighted fields.",
      fieldErrors: z.flattenError(parsed.error).fieldErrors,
    };
  }
  const outcome = await signInWithPassword(parsed.data.email, parsed.data.password, await headers());
  if (!outcome.ok) return { status: "error", message: outcome.message };
  redirect(safeRedirectPath(parsed.data.next));
}
