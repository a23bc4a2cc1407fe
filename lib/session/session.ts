import "server-only";
import { getSessionCookie } from "better-auth/cookies";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { canOpenSection, type SectionId, type Viewer } from "../access";
import { loadViewer } from "../db/users";
import { auth } from "./auth";
import { REQUEST_PATH_HEADER } from "./request-path";

export type { Viewer };

/**
 * The signed-in user of the current request, or null. The session is verified against the database on every request
 * (no cookie cache), so sign-out, expiry and deactivation take effect at once. Pages, actions and routes resolve the
 * viewer once here (cached for the request) and hand it to the DAL, which checks roles itself.
 */
export const getViewer = cache(async (): Promise<Viewer | null> => {
  const session = await auth.api.getSession({ headers: await headers() });
  if (!session) return null;
  return loadViewer(session.user.id);
});

/**
 * For pages: the viewer and whether they may open `sectionId`. Redirects to sign-in when nobody is signed in
 * (saying so when their session expired). Pages render an access-denied message when `allowed` is false;
 * the DAL enforces the same rule again on every read and write.
 */
export async function sectionAccess(sectionId: SectionId): Promise<{ viewer: Viewer; allowed: boolean }> {
  const viewer = await getViewer();
  if (!viewer) redirect(await signInPath());
  return { viewer, allowed: canOpenSection(sectionId, viewer.roles) };
}

/** Where to send someone who is not signed in: back to the page they asked for afterwards. */
export async function signInPath(): Promise<string> {
  const requestHeaders = await headers();
  const params = new URLSearchParams();
  const requested = requestHeaders.get(REQUEST_PATH_HEADER);
  if (requested && requested !== "/") params.set("next", requested);
  if (getSessionCookie(requestHeaders)) params.set("reason", "expired");
  const query = params.toString();
  return query ? `/sign-in?${query}` : "/sign-in";
}
