import "server-only";
import { auth } from "./auth";
import { CLIENT_ADDRESS_HEADER } from "./client-address";

/**
 * better-auth's HTTP endpoints that are reachable, as "METHOD path". The app itself calls none of them: it signs in
 * and out through server actions (signInWithPassword, throttled and audited; signOutCurrent, audited) and reads the
 * session with `auth.api.getSession`, which do not go through HTTP. Everything else better-auth would mount is
 * closed: its sign-in (beside our throttle), sign-up, update-user (a user renaming themselves; names are identity
 * in reviews and the audit log), change-password and -email, delete-user, password reset, session lists and
 * revocation, account linking, and whatever a future version adds. Only reading one's own session stays open:
 * it changes nothing but that session's expiry, and is what a client or a monitor asks for.
 */
const OPEN_ENDPOINTS: ReadonlySet<string> = new Set(["GET /api/auth/get-session"]);

/**
 * Answers a request to /api/auth/*: 404 unless its method and exact path are in OPEN_ENDPOINTS, otherwise
 * better-auth's handler, without any client-sent value of the header better-auth reads client addresses from.
 */
export async function handleAuthRequest(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (!OPEN_ENDPOINTS.has(`${request.method} ${pathname}`)) {
    return Response.json({ error: "Not found." }, { status: 404, headers: { "Cache-Control": "no-store" } });
  }
  const headers = new Headers(request.headers);
  headers.delete(CLIENT_ADDRESS_HEADER);
  return auth.handler(new Request(request, { headers }));
}
