import "server-only";
import { auth, getViewer } from "../session";
import { authenticateApiToken, loadViewer, viewerFromApiToken } from "../db/users";
import { missingScopeMessage, type TokenScope, type Viewer } from "../access";

export type RequestAuth = {
  viewer: Viewer;
  via: "token" | "session";
  /**
   * Who the request's credentials stand for now, for work that outlives the first check (an SSE stream): the same
   * user, with their current roles, or null once the token is revoked or expired, the session ended or the user
   * deactivated.
   */
  recheck(): Promise<Viewer | null>;
};

/** A JSON error for API clients: `{ error }` with the status, never cached. */
export function jsonError(status: number, error: string, headers: Record<string, string> = {}): Response {
  return Response.json({ error }, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

const unauthenticated = (message: string, error?: "invalid_token") =>
  jsonError(401, message, {
    "WWW-Authenticate": `Bearer realm="routine-studio"${error ? `, error="${error}"` : ""}`,
  });

/** 403 for a token without the route's scope (RFC 6750 `insufficient_scope`), naming the scope in the body too. */
const missingScope = (scope: TokenScope) =>
  Response.json(
    { error: missingScopeMessage(scope), missingScope: scope },
    {
      status: 403,
      headers: {
        "Cache-Control": "no-store",
        "WWW-Authenticate": `Bearer realm="routine-studio", error="insufficient_scope", scope="${scope}"`,
      },
    },
  );

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
 * Who is calling a route handler that needs `scope`: the owner of a personal API token (`Authorization: Bearer
 * rs_…`) that holds the scope, or else the signed-in user of the session cookie (sessions are not scoped). A request
 * that sends an Authorization header is judged by it alone: a bad token is refused even when a session cookie came
 * along. The answer is a Response when neither holds: 401 for no, a bad, revoked or expired token (an expired one
 * says so and when), 403 naming the scope a valid token lacks. The owner's roles are checked after this, by the DAL.
 */
export async function authenticateRequest(
  request: Request,
  scope: TokenScope,
): Promise<{ ok: true; auth: RequestAuth } | { ok: false; response: Response }> {
  const header = request.headers.get("authorization");
  if (header !== null) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match)
      return { ok: false, response: unauthenticated('Send the API token as "Authorization: Bearer <token>".') };
    const token = match[1]!;
    const check = await authenticateApiToken(token);
    if (!check.ok && check.reason === "expired")
      return {
        ok: false,
        response: unauthenticated(
          `The API token expired on ${check.expiredAt.toISOString()}; create a new one under API tokens.`,
          "invalid_token",
        ),
      };
    if (!check.ok)
      return {
        ok: false,
        response: unauthenticated(
          "The API token is not valid: it may have been revoked, or its owner deactivated.",
          "invalid_token",
        ),
      };
    if (!check.scopes.includes(scope)) return { ok: false, response: missingScope(scope) };
    const viewer = check.viewer;
    return {
      ok: true,
      // Scopes never change on a token; its expiry, revocation and owner are what a re-check must see.
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
