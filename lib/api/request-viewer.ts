import "server-only";
import { getViewer } from "../session";
import { viewerFromApiToken } from "../db/users";
import type { Viewer } from "../access";

export type RequestAuth = { viewer: Viewer; via: "token" | "session" };

/** A JSON error for API clients: `{ error }` with the status, never cached. */
export function jsonError(status: number, error: string, headers: Record<string, string> = {}): Response {
  return Response.json({ error }, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

const unauthenticated = (message: string) =>
  jsonError(401, message, { "WWW-Authenticate": 'Bearer realm="routine-studio"' });

/**
 * Who is calling a route handler: the owner of a personal API token (`Authorization: Bearer rs_…`), or else the
 * signed-in user of the session cookie. A request that sends an Authorization header is judged by it alone: a
 * bad token is refused even when a session cookie came along. The answer is a 401 Response when neither holds.
 */
export async function authenticateRequest(
  request: Request,
): Promise<{ ok: true; auth: RequestAuth } | { ok: false; response: Response }> {
  const header = request.headers.get("authorization");
  if (header !== null) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match)
      return { ok: false, response: unauthenticated('Send the API token as "Authorization: Bearer <token>".') };
    const viewer = await viewerFromApiToken(match[1]!);
    if (!viewer)
      return {
        ok: false,
        response: unauthenticated("The API token is not valid: it may have been revoked, or its owner deactivated."),
      };
    return { ok: true, auth: { viewer, via: "token" } };
  }
  const viewer = await getViewer();
  if (!viewer)
    return {
      ok: false,
      response: unauthenticated('Sign in, or send a personal API token as "Authorization: Bearer <token>".'),
    };
  return { ok: true, auth: { viewer, via: "session" } };
}
