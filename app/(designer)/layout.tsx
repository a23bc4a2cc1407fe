import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { signOutAction } from "@/app/(app)/actions";
import { AppShell } from "@/components/shell/app-shell";
import { getViewer, signInPath } from "@/lib/session";

/** The designer's frame: the app shell without page padding, so the canvas fills the window. */
export default async function DesignerLayout({ children }: { children: ReactNode }) {
  const viewer = await getViewer();
  if (!viewer) redirect(await signInPath());
  return (
    <AppShell viewer={viewer} signOutAction={signOutAction} fullBleed>
      {children}
    </AppShell>
  );
}
