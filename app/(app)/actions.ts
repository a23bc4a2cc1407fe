"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { formValues } from "@/lib/forms";
import { getViewer, signOutCurrent } from "@/lib/session";

// The sign-out form posts no fields. Not defineAction: signing out must work (and end on the sign-in page) for
// someone whose session has already ended, so it never refuses.
const signOutForm = z.object({});

export async function signOutAction(formData?: FormData): Promise<void> {
  signOutForm.parse(formData instanceof FormData ? formValues(formData) : {});
  const viewer = await getViewer();
  await signOutCurrent(await headers(), viewer ? { id: viewer.id, email: viewer.email } : null);
  redirect("/sign-in?reason=signed-out");
}
