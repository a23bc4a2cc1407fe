import { redirect } from "next/navigation";
import { sectionsFor } from "@/lib/access";
import { getViewer, signInPath } from "@/lib/session";

/** The start page is the first section the viewer's roles open. */
export default async function HomePage() {
  const viewer = await getViewer();
  if (!viewer) redirect(await signInPath());
  redirect(sectionsFor(viewer.roles)[0]?.href ?? "/routines");
}
