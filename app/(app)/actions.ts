"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getViewer, signOutCurrent } from "@/lib/session/index";

export async function signOutAction(): Promise<void> {
  const viewer = await getViewer();
  await signOutCurrent(await headers(), viewer ? { id: viewer.id, email: viewer.email } : null);
  redirect("/sign-in?reason=signed-out");
}
