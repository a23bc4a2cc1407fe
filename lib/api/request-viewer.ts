import "server-only";
import { auth, getViewer } from "../session";
import { loadViewer, viewerFromApiToken } from "../db/users";
import type { Viewer } from "../access";

export type RequestAuth = {
  viewer: Viewer;
  via: "token" | "session";
  /**
   * Who the request's credentials stand for now, for work that outlives the first check (an SSE stream): the same
   * user, with their current roles, or null once the token is revoked, the session ended or the user deactivated.
   */
  recheck(): Promise<Viewer | null>;
};

/** A JSON error for API clients: `{ error }` with the status, never cached. */
export function jsonError(status: number, error: string, headers: Record<string, string> = {}): Response {
  return Response.json({ error }, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

const unauthenticated = (message: string) =>
  jsonError(401, message, { "WWW-Authenticate": 'Bearer realm="routine-studio"' });

/** The viewer only while it is still the same user: credentials never switch a stream to someone else. */
const sameUser = (first: Viewer, now: Viewer | null) => (now?.id === first.id ? now : null);

/**
 * The session cookie of `headers` checked again against the session table (signature, expiry, sign-out) and the
 * user's account (deactivation). Without extending the session: a stream is not a visit. `headers` are the
 * request's own, since a stream outlives Next's request scope that `getViewer` reads.
 */
async function sessionViewer(headers: Headers): Promise<Viewer | null> {
  const session = await auth.api.getSession({ headers, query: { disableRefresh: true } });
  return session ? loadViewer(session.user.id) : null;
}

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
    const token = match[1]!;
    const viewer = await viewerFromApiToken(token);
    if (!viewer)
      return {
        ok: false,
        response: unauthenticated("The API token is not valid: it may have been revoked, or its owner deactivated."),
      };
    return {
      ok: true,
      auth: { viewer, via: "token", recheck: async () => sameUser(viewer, await viewerFromApiToken(token)) },
    };
  }
  const viewer = await getViewer();
  if (!viewer)
    return {
      ok: false,
      response: unauthenticated('Sign in, or send a personal API token as "Authorization: Bearer <token>".'),
    };
  return {
    ok: true,
    auth: { viewer, via: "session", recheck: async () => sameUser(viewer, await sessionViewer(request.headers)) },
  };
}
