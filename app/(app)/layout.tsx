import type { ReactNode } from "react";
import { redirect } from "next/navigation";
import { AppShell } from "@/components/shell/app-shell";
import { getViewer, signInPath } from "@/lib/session";
import { signOutAction } from "./actions";

export default async function SignedInLayout({ children }: { children: ReactNode }) {
  const viewer = await getViewer();
  if (!viewer) redirect(await signInPath());
  return (
    <AppShell viewer={viewer} signOutAction={signOutAction}>
      {children}
    </AppShell>
  );
}
